import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['brand', 'create']

export const brandCreateCommand: Command = {
  path,
  summary: 'Create a brand (fresh brandId, default event rules, keys shown once)',
  help: `--name NAME --website URL [--website URL2 ...] [--json]

Creates a brand with a fresh brandId (a lowercase 0x address) and the six default event rules, and
prints its security key and API key. The keys are shown ONCE: store them now.

Options:
  --name NAME        Display name of the brand (required)
  --website URL      Website origin allowed to send events, e.g. https://shop.example (repeatable, at least one)
  --json             Print {"brand": {...}, "keys": {"securityKey", "apiKey", "dnsKey"}} as JSON
  -h, --help         Show this help`,
  options: {
    name: { type: 'string' },
    website: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const name = requireOption(values.name as string | undefined, 'name', path)
    const websites = (values.website as string[] | undefined) ?? []
    if (websites.length === 0) throw new UsageError('at least one --website is required', path)
    const { brand, keys } = await withDataRuntime(io, (rt) => rt.engine.brands.create({ name, websites }))
    if (values.json) {
      writeJson(io.stdout, { brand, keys })
      return 0
    }
    io.stdout.write(
      [
        `Brand created: ${brand.id}`,
        `  name:         ${brand.name}`,
        `  websites:     ${brand.websites.join(', ')}`,
        '',
        'Keys (shown once; store them now, they cannot be shown again):',
        `  security key: ${keys.securityKey}`,
        `  API key:      ${keys.apiKey}`,
        `  DNS key:      ${keys.dnsKey}   (public: put it in the _loyalty.<domain> TXT record)`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
