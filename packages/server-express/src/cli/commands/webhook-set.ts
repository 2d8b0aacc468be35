import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['webhook', 'set']

export const webhookSetCommand: Command = {
  path,
  summary: "Set a brand's webhook URL (enables it; prints a new signing secret once)",
  help: `--brand ID --url URL [--json]

Sets (or replaces) the URL that receives the brand's webhooks (tokens_distributed), enables it, and
prints a NEW signing secret (whsec_…). The secret is shown ONCE and stored encrypted: store it now.
Every call rotates the secret; deliveries still pending are signed with the new one.
Verify deliveries with @loyaltykit/sdk: webhooks.verify(rawBody, headers, secret). See docs/webhooks.md.

Options:
  --brand ID   brandId (required)
  --url URL    http(s) URL that receives the POSTs (required)
  --json       Print {"endpoint": {...}, "secret": "whsec_…"} as JSON
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, url: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const url = requireOption(values.url as string | undefined, 'url', path)
    const { endpoint, secret } = await withDataRuntime(io, (rt) => rt.engine.webhooks.setEndpoint({ brandId, url }))
    if (values.json) {
      writeJson(io.stdout, { endpoint, secret })
      return 0
    }
    io.stdout.write(
      [
        `Webhook endpoint set for ${endpoint.brandId}: ${endpoint.url}`,
        '',
        'Signing secret (shown once; store it now, it cannot be shown again):',
        `  ${secret}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
