import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import { DailyBarChart } from '../charts/daily-bar-chart'
import { RankedBars } from '../charts/ranked-bars'
import { formatNumber, formatPercent } from '../ui/format'
import { LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'

const WINDOWS = [7, 30, 90]

/** Events and tokens issued per day, active members, top rules and the redemption rate. */
export function OverviewPage({ brandId }: { brandId: string }) {
  const [days, setDays] = useState(30)
  const overview = useLoad(() => adminApi.overview(brandId, days), [brandId, days])
  const o = overview.data
  return (
    <>
      <h1 tabIndex={-1}>Overview</h1>
      <div class="toolbar">
        <label for="overview-days">Window</label>
        <select id="overview-days" value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {WINDOWS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
      </div>
      <LoadState loaded={overview} what="the overview" />
      {o && (
        <>
          <div class="stats">
            <div class="card stat" id="stat-active-members">
              <span class="stat-label">Active members</span>
              <span class="stat-value">{formatNumber(o.activeMembers)}</span>
            </div>
            <div class="card stat" id="stat-redemption-rate">
              <span class="stat-label">Redemption rate</span>
              <span class="stat-value">{formatPercent(o.redemptionRate)}</span>
            </div>
          </div>
          <div class="charts">
            <DailyBarChart
              id="chart-events"
              title="Events per day"
              days={o.days.map((d) => ({ date: d.date, value: d.events }))}
            />
            <DailyBarChart
              id="chart-tokens"
              title="Tokens issued per day"
              days={o.days.map((d) => ({ date: d.date, value: d.tokensIssued }))}
            />
          </div>
          <RankedBars
            id="top-rules"
            title="Top rules"
            rows={o.topRules.map((r) => ({
              label: r.eventType,
              value: r.events,
              note: `${formatNumber(r.tokens)} tokens`,
            }))}
          />
        </>
      )}
    </>
  )
}
