import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { WebhookDelivery, WebhookEndpoint } from '../api/admin-types'
import { formatTime } from '../ui/format'
import { ErrorLine, LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'

const STATUSES = ['', 'failed', 'pending', 'delivered'] as const

type DeliveriesProps = { brandId: string; endpoints: WebhookEndpoint[]; round: number }

/** The deliveries log, filtered by status and endpoint, with Redeliver on every finished delivery. */
export function DeliveriesSection({ brandId, endpoints, round }: DeliveriesProps) {
  const [status, setStatus] = useState<string>('')
  const [endpointId, setEndpointId] = useState<string>('')
  const [message, setMessage] = useState<string>()
  const [error, setError] = useState<Error>()
  const deliveries = useLoad(
    () =>
      adminApi.deliveries(brandId, {
        ...(status ? { status } : {}),
        ...(endpointId ? { endpointId } : {}),
      }),
    [brandId, status, endpointId, round],
  )
  const redeliver = async (d: WebhookDelivery) => {
    setError(undefined)
    setMessage(undefined)
    try {
      await adminApi.redeliver(brandId, d.id)
      setMessage(`Delivery ${d.id} queued again.`)
      deliveries.reload()
    } catch (err) {
      setError(err as Error)
    }
  }
  const list = deliveries.data?.data ?? []
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <div class="toolbar">
        <label for="deliveries-status">Status</label>
        <select id="deliveries-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === '' ? 'any' : s}
            </option>
          ))}
        </select>
        {endpoints.length > 1 && (
          <>
            <label for="deliveries-endpoint">Endpoint</label>
            <select id="deliveries-endpoint" value={endpointId} onChange={(e) => setEndpointId(e.currentTarget.value)}>
              <option value="">any</option>
              {endpoints.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.url}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="button" class="secondary" onClick={deliveries.reload}>
          Refresh
        </button>
      </div>
      {message && (
        <p class="ok" role="status">
          {message}
        </p>
      )}
      <ErrorLine error={error} />
      <LoadState loaded={deliveries} what="the deliveries" />
      {deliveries.data && list.length === 0 && <p class="muted">No delivery.</p>}
      {list.length > 0 && (
        <div class="table-wrap">
          <table id="deliveries">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id} data-delivery-id={d.id} data-status={d.status}>
                  <td>{formatTime(d.createdAt)}</td>
                  <td>{d.eventType}</td>
                  <td>
                    <span class={`badge ${d.status}`}>{d.status}</span>
                  </td>
                  <td class="num">{d.attempts}</td>
                  <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
                  <td>
                    {d.status !== 'pending' && (
                      <button type="button" class="secondary" onClick={() => redeliver(d)}>
                        Redeliver<span class="sr-only"> {d.id}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
