import type { Command } from '../command'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'redeliver']

export const webhookRedeliverCommand: Command = {
  path,
  summary: 'Send a webhook delivery again now, whatever its state',
  help: `ID [--json]

Schedules the delivery ID (msg_…, from \`loyaltykit webhook deliveries\`) again now, whether it was
delivered, failed or is still pending: attempts restart from 0 with the full retry schedule, and the
webhook-id stays the same. A running server sends it within its poll interval
(LOYALTYKIT_WEBHOOK_POLL_MS); a delivery whose mint is not confirmed yet still waits for it.

Options:
  --json       Print the delivery as JSON
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  allowPositionals: true,
  async run({ values, positionals, io }) {
    if (positionals.length !== 1 || !positionals[0]) throw new UsageError('expected exactly one delivery ID', path)
    const deliveryId = positionals[0]
    const delivery = await withDataRuntime(io, (rt) => rt.engine.webhooks.redeliver({ deliveryId }))
    if (values.json) writeJson(io.stdout, delivery)
    else io.stdout.write(`Delivery ${delivery.id} (event ${delivery.eventId}) scheduled for redelivery now.\n`)
    return 0
  },
}
