/** The spec's rate: 1 USD = 1000 tokens, so one cent buys 10 tokens. */
export const TOKENS_PER_USD = 1000

/** Whole tokens bought by `cents` USD cents. */
export function tokensForCents(cents: number): number {
  return cents * (TOKENS_PER_USD / 100)
}

/** 2550 → `25.50`: the `usd_amount` metadata string (dollars, two decimals, exact). */
export function formatUsdCents(cents: number): string {
  const whole = Math.floor(cents / 100)
  return `${whole}.${String(cents % 100).padStart(2, '0')}`
}

const DECIMAL_USD = /^(\d{1,12})(?:\.(\d{1,3}))?$/

/**
 * A `usd_amount` string (dollars, at most three decimals, so that × 1000 is a whole number) as
 * thousandths of a dollar, exactly; undefined when it is not such a number.
 */
export function parseUsdToMilli(value: string): bigint | undefined {
  const m = DECIMAL_USD.exec(value)
  if (!m) return undefined
  return BigInt(m[1] as string) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'))
}
