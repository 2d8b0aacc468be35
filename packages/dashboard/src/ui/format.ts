const number = new Intl.NumberFormat('en-US')

/** 12,345 (whole tokens and counts). */
export const formatNumber = (n: number | string): string => (typeof n === 'number' ? number.format(n) : n)

/** 0.125 → "12.5 %". */
export const formatPercent = (ratio: number): string => `${(Math.round(ratio * 1000) / 10).toFixed(1)} %`

/** An ISO date or epoch ms, in the browser's time zone, to the minute. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const d = new Date(value)
  return Number.isNaN(d.getTime())
    ? String(value)
    : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}

/** Milliseconds as "850 ms", "12 s", "3 min", "2 h". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`
  return `${Math.round(ms / 3_600_000)} h`
}

/** 0x1234…abcd */
export const shortHex = (hex: string): string => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex)
