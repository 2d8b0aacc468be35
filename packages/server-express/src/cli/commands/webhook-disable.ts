import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'disable']

export const webhookDisableCommand: Command = {
  path,
  summary: "Disable a brand's webhook endpoint (nothing is sent until re-enabled)",
  help: `--brand ID [--json]

Disables the endpoint, keeping its URL and secret. While disabled, accepted events enqueue no
delivery and pending deliveries are held; \`loyaltykit webhook enable\` sends the held ones.

Options:
  --brand ID   brandId (required)
  --json       Print the endpoint {brandId, url, enabled, createdAt, updatedAt} as JSON
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const endpoint = await withDataRuntime(io, (rt) =>
      rt.engine.webhooks.setEndpointEnabled({ brandId, enabled: false }),
    )
    if (values.json) writeJson(io.stdout, endpoint)
    else io.stdout.write(`Webhook endpoint of ${endpoint.brandId} disabled: ${endpoint.url}\n`)
    return 0
  },
}
