import { adminApi } from '../api/admin-api'
import { formatDuration, formatNumber, formatTime, shortHex } from '../ui/format'
import { LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'

/** Mint pipeline health: queue depth, oldest pending job, lag, the last batches. */
export function PipelinePage({ brandId }: { brandId: string }) {
  const pipeline = useLoad(() => adminApi.pipeline(brandId), [brandId])
  const p = pipeline.data
  return (
    <>
      <h1 tabIndex={-1}>Mint pipeline</h1>
      <button type="button" class="secondary" onClick={pipeline.reload}>
        Refresh
      </button>
      <LoadState loaded={pipeline} what="the pipeline" />
      {p && (
        <>
          <div class="stats">
            <div class="card stat" id="stat-queue-depth">
              <span class="stat-label">Queue depth</span>
              <span class="stat-value">{formatNumber(p.queueDepth)}</span>
            </div>
            <div class="card stat">
              <span class="stat-label">Oldest pending</span>
              <span class="stat-value">{formatDuration(p.oldestPendingAgeMs)}</span>
            </div>
            <div class="card stat">
              <span class="stat-label">Lag</span>
              <span class="stat-value">{formatDuration(p.lagMs)}</span>
            </div>
          </div>
          <h2>Last batches</h2>
          <div class="table-wrap">
            <table id="batches">
              <thead>
                <tr>
                  <th scope="col">Transaction</th>
                  <th scope="col">Size</th>
                  <th scope="col">Status</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Confirmed</th>
                </tr>
              </thead>
              <tbody>
                {p.lastBatches.map((x, i) => (
                  <tr key={x.txHash ?? i}>
                    <td class="mono">{x.txHash ? shortHex(x.txHash) : '—'}</td>
                    <td class="num">{x.size}</td>
                    <td>{x.status}</td>
                    <td>{formatTime(x.submittedAt)}</td>
                    <td>{formatTime(x.confirmedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {p.lastBatches.length === 0 && <p class="muted">No batch yet.</p>}
        </>
      )}
    </>
  )
}
