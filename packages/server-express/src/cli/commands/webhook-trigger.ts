import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@loyaltykit/engine'
import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'trigger']

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)

export const webhookTriggerCommand: Command = {
  path,
  summary: "Send a signed sample delivery to a brand's webhook endpoint now",
  help: `--brand ID [--event TYPE] [--json]

Sends a realistic sample of the event (default tokens_distributed: the brand's id, a made-up user and
wallet, 100 tokens, a random transaction hash that is on no chain, the current time) to the brand's
webhook endpoint now, signed with its secret exactly as real deliveries are, and prints the
endpoint's HTTP status and latency. It is recorded in the delivery log as a test delivery (event id
test_…, "test": true in \`webhook deliveries --json\`); it is attempted once (no retries). Exits 1
when the endpoint does not acknowledge it (no 2xx within LOYALTYKIT_WEBHOOK_TIMEOUT_MS).
Event types: ${WEBHOOK_EVENT_TYPES.join(', ')}.

Options:
  --brand ID     brandId (required)
  --event TYPE   Event to send a sample of: ${WEBHOOK_EVENT_TYPES.join(', ')} (default tokens_distributed)
  --json         Print {"delivery", "url", "payload", "acknowledged", "statusCode", "latencyMs", "error"} as JSON
  -h, --help     Show this help`,
  options: { brand: { type: 'string' }, event: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const event = (values.event as string | undefined) ?? 'tokens_distributed'
    if (!isEventType(event)) {
      throw new UsageError(
        `unknown event type "${event}"; --event takes one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
        path,
      )
    }
    const sent = await withDataRuntime(io, (rt) =>
      rt.engine.webhooks.trigger(
        { brandId, event },
        {
          timeoutMs: io.config.webhooks.timeoutMs,
          allowPrivateAddresses: io.config.webhooks.allowPrivateAddresses,
          dnsServers: io.config.eventHandler.dnsServers,
        },
      ),
    )
    if (values.json) writeJson(io.stdout, sent)
    else {
      const answer = sent.statusCode === null ? 'no answer' : `HTTP ${sent.statusCode}`
      io.stdout.write(
        `Test ${event} ${sent.delivery.id} sent to ${sent.url}: ${answer} in ${sent.latencyMs} ms${sent.acknowledged ? '' : ` (${sent.error})`}\n`,
      )
    }
    if (sent.acknowledged) return 0
    io.stderr.write(`loyaltykit: the endpoint did not acknowledge the test delivery: ${sent.error}\n`)
    return 1
  },
}
