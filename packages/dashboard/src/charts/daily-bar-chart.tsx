import { formatNumber } from '../ui/format'

type DailyBarChartProps = {
  /** The chart's id (its caption and data table are named after it). */
  id: string
  title: string
  days: { date: string; value: number }[]
}

const WIDTH = 600
const HEIGHT = 180

/**
 * One bar per day, drawn as SVG (no chart library): the tallest bar fills the height, each bar has a
 * tooltip (`<title>`) and `data-value`, and the same figures are in a data table below for screen
 * readers and for anyone who wants the numbers.
 */
export function DailyBarChart({ id, title, days }: DailyBarChartProps) {
  const max = Math.max(1, ...days.map((d) => d.value))
  const total = days.reduce((sum, d) => sum + d.value, 0)
  const slot = days.length > 0 ? WIDTH / days.length : 0
  const bar = Math.max(1, slot * 0.7)
  const height = (v: number) => (v / max) * (HEIGHT - 4)
  return (
    <figure class="chart card" id={id}>
      <figcaption id={`${id}-title`}>
        <strong>{title}</strong> <span class="muted">total {formatNumber(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} preserveAspectRatio="none">
        <title>{title}</title>
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} class="axis" />
        {days.map((d, i) => (
          <rect
            key={d.date}
            class="bar"
            data-date={d.date}
            data-value={d.value}
            x={i * slot + (slot - bar) / 2}
            y={HEIGHT - height(d.value)}
            width={bar}
            height={height(d.value)}
          >
            <title>{`${d.date}: ${formatNumber(d.value)}`}</title>
          </rect>
        ))}
      </svg>
      <div class="chart-axis muted" aria-hidden="true">
        <span>{days[0]?.date}</span>
        <span>max {formatNumber(max)}</span>
        <span>{days[days.length - 1]?.date}</span>
      </div>
      <details>
        <summary>Data table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td class="num">{formatNumber(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
