import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { WebhookEndpoint, WebhookEndpointCreated } from '../api/admin-types'
import { ErrorLine, LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'
import { DeliveriesSection } from './deliveries-section'

/** Webhook endpoints (add: the signing secret shown once; test; delete) and the deliveries log. */
export function WebhooksPage({ brandId }: { brandId: string }) {
  const endpoints = useLoad(() => adminApi.webhookEndpoints(brandId), [brandId])
  const [created, setCreated] = useState<WebhookEndpointCreated>()
  const [message, setMessage] = useState<string>()
  const [error, setError] = useState<Error>()
  const [deliveriesRound, setDeliveriesRound] = useState(0)
  const list = endpoints.data?.data ?? []

  const act = async (what: () => Promise<unknown>, done: string) => {
    setError(undefined)
    setMessage(undefined)
    try {
      await what()
      setMessage(done)
      endpoints.reload()
      setDeliveriesRound((r) => r + 1)
    } catch (err) {
      setError(err as Error)
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Webhooks</h1>
      <LoadState loaded={endpoints} what="the endpoints" />
      {message && (
        <p class="ok" role="status">
          {message}
        </p>
      )}
      <ErrorLine error={error} />
      {created && (
        <div class="card secret" role="status">
          <p>
            Endpoint added. Its signing secret is shown <strong>once</strong>: copy it now.
          </p>
          <code id="new-endpoint-secret">{created.secret}</code>
        </div>
      )}
      {list.length > 0 && (
        <ul class="endpoints">
          {list.map((x) => (
            <EndpointRow
              key={x.id}
              endpoint={x}
              onTest={() =>
                act(() => adminApi.testWebhookEndpoint(brandId, x.id), `Test delivery queued for ${x.url}.`)
              }
              onDelete={() => act(() => adminApi.deleteWebhookEndpoint(brandId, x.id), `${x.url} deleted.`)}
            />
          ))}
        </ul>
      )}
      {endpoints.data && list.length === 0 && <p class="muted">No endpoint yet.</p>}
      <NewEndpointForm
        onCreate={async (endpoint) => {
          setCreated(await adminApi.createWebhookEndpoint(brandId, endpoint))
          endpoints.reload()
        }}
      />
      <DeliveriesSection brandId={brandId} endpoints={list} round={deliveriesRound} />
    </>
  )
}

function EndpointRow(p: { endpoint: WebhookEndpoint; onTest: () => void; onDelete: () => void }) {
  const x = p.endpoint
  return (
    <li class="card" data-endpoint-id={x.id}>
      <p class="mono">{x.url}</p>
      <p class="muted">
        {x.eventTypes.includes('*') ? 'every event type' : x.eventTypes.join(', ')}
        {x.enabled === false ? ' · disabled' : ''}
        {x.description ? ` · ${x.description}` : ''}
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={p.onTest}>
          Send test<span class="sr-only"> to {x.url}</span>
        </button>
        <button type="button" class="secondary danger" onClick={p.onDelete}>
          Delete<span class="sr-only"> {x.url}</span>
        </button>
      </div>
    </li>
  )
}

function NewEndpointForm({ onCreate }: { onCreate: (e: { url: string; eventTypes: string[] }) => Promise<void> }) {
  const [url, setUrl] = useState('')
  const [types, setTypes] = useState('')
  const [error, setError] = useState<Error>()
  const submit = async (e: Event) => {
    e.preventDefault()
    setError(undefined)
    try {
      const eventTypes = types
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '')
      await onCreate({ url: url.trim(), eventTypes: eventTypes.length > 0 ? eventTypes : ['*'] })
      setUrl('')
      setTypes('')
    } catch (err) {
      setError(err as Error)
    }
  }
  return (
    <form class="card" onSubmit={submit} aria-labelledby="new-endpoint-title">
      <h2 id="new-endpoint-title">Add an endpoint</h2>
      <div class="field">
        <label for="endpoint-url">URL (https)</label>
        <input id="endpoint-url" type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="endpoint-types">Event types (comma separated; empty or *: every type)</label>
        <input id="endpoint-types" value={types} onInput={(e) => setTypes(e.currentTarget.value)} />
      </div>
      <ErrorLine error={error} />
      <button type="submit">Add endpoint</button>
    </form>
  )
}
