/** Figures as /converse writes them: `12,000`, `6.67`. */
export const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** `1 customer`, `2 customers`. */
export const fmtCount = (v: number, word: string) => `${fmt(v)} ${word}${v === 1 ? '' : 's'}`

/** `$8.00`. */
export const fmtUsd = (v: number) =>
  `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
