import { formatNumber } from '../ui/format'

type RankedBarsProps = {
  id: string
  title: string
  rows: { label: string; value: number; note?: string }[]
}

/** A ranked list with a proportional bar per row (an HTML list: readable as text, drawn by CSS width). */
export function RankedBars({ id, title, rows }: RankedBarsProps) {
  const max = Math.max(1, ...rows.map((r) => r.value))
  return (
    <section class="card" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <ol class="ranked">
          {rows.map((r) => (
            <li key={r.label} data-label={r.label} data-value={r.value}>
              <span class="label">{r.label}</span>
              <span class="value">
                {formatNumber(r.value)}
                {r.note ? ` · ${r.note}` : ''}
              </span>
              <svg class="meter" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                <rect width={(r.value / max) * 100} height="6" class="bar" />
              </svg>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
