import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

/** `loyaltykit webhook enable|disable --brand ID [--json]`: the two differ only in their texts. */
export function webhookToggleCommand(p: { enabled: boolean; summary: string; description: string }): Command {
  const path = ['webhook', p.enabled ? 'enable' : 'disable']
  return {
    path,
    summary: p.summary,
    help: `--brand ID [--json]

${p.description}

Options:
  --brand ID   brandId (required)
  --json       Print the endpoint {brandId, url, enabled, createdAt, updatedAt} as JSON
  -h, --help   Show this help`,
    options: { brand: { type: 'string' }, json: { type: 'boolean' } },
    async run({ values, io }) {
      const brandId = requireOption(values.brand as string | undefined, 'brand', path)
      const endpoint = await withDataRuntime(io, (rt) =>
        rt.engine.webhooks.setEndpointEnabled({ brandId, enabled: p.enabled }),
      )
      if (values.json) writeJson(io.stdout, endpoint)
      else io.stdout.write(`Webhook endpoint of ${endpoint.brandId} ${path[1]}d: ${endpoint.url}\n`)
      return 0
    },
  }
}
