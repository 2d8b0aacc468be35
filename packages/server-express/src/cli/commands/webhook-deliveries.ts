import type { WebhookDelivery } from '@loyaltykit/engine'
import type { Command } from '../command'
import { formatTable } from '../format-table'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'deliveries']

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString())

function lastResult(d: WebhookDelivery): string {
  if (d.lastError) return d.lastError.length > 60 ? `${d.lastError.slice(0, 57)}...` : d.lastError
  return d.lastStatusCode === null ? '-' : `HTTP ${d.lastStatusCode}`
}

export const webhookDeliveriesCommand: Command = {
  path,
  summary: "Show a brand's webhook delivery log (newest first)",
  help: `--brand ID [--limit N] [--json]

Lists the brand's webhook deliveries, newest first: id (the webhook-id header), event id, status
(pending: waiting for the mint, for its next attempt, or in flight · delivered · failed), attempts,
the last HTTP status or error, the next attempt, and when it was acknowledged.

Options:
  --brand ID   brandId (required)
  --limit N    How many (default 50, at most 1000)
  --json       Print the deliveries as a JSON array (times in epoch ms)
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const limit = parseNumberOption(values.limit as string | undefined, 'limit', path, { integer: true })
    const { endpoint, deliveries } = await withDataRuntime(io, async (rt) => ({
      endpoint: await rt.engine.webhooks.getEndpoint({ brandId }),
      deliveries: await rt.engine.webhooks.listDeliveries({ brandId, ...(limit === undefined ? {} : { limit }) }),
    }))
    if (values.json) {
      writeJson(io.stdout, deliveries)
      return 0
    }
    io.stdout.write(
      endpoint
        ? `Endpoint: ${endpoint.url}${endpoint.enabled ? '' : ' (DISABLED: deliveries are held)'}\n`
        : `No webhook endpoint for ${brandId} (set one with \`loyaltykit webhook set\`).\n`,
    )
    if (deliveries.length === 0) {
      io.stdout.write('No deliveries.\n')
      return 0
    }
    const rows = [
      ['ID', 'EVENT ID', 'STATUS', 'ATTEMPTS', 'LAST RESULT', 'NEXT ATTEMPT', 'DELIVERED AT'],
      ...deliveries.map((d) => [
        d.id,
        d.eventId,
        d.status,
        String(d.attempts),
        lastResult(d),
        iso(d.nextAttemptAt),
        iso(d.deliveredAt),
      ]),
    ]
    io.stdout.write(formatTable(rows))
    return 0
  },
}
