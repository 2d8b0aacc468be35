import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'enable']

export const webhookEnableCommand: Command = {
  path,
  summary: "Re-enable a brand's webhook endpoint (held deliveries are sent)",
  help: `--brand ID [--json]

Re-enables the endpoint with its URL and secret unchanged; deliveries held while it was disabled
are sent.

Options:
  --brand ID   brandId (required)
  --json       Print the endpoint {brandId, url, enabled, createdAt, updatedAt} as JSON
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const endpoint = await withDataRuntime(io, (rt) =>
      rt.engine.webhooks.setEndpointEnabled({ brandId, enabled: true }),
    )
    if (values.json) writeJson(io.stdout, endpoint)
    else io.stdout.write(`Webhook endpoint of ${endpoint.brandId} enabled: ${endpoint.url}\n`)
    return 0
  },
}
