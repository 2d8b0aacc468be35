import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['brand', 'create']

export const brandCreateCommand: Command = {
  path,
  summary: 'Create a brand (fresh brandId, default event rules, keys shown once)',
  help: `--name NAME --website URL [--website URL2 ...] [--category C] [--description TEXT] [--contact-email EMAIL] [--json]

Creates a brand with a fresh brandId (a lowercase 0x address) and the six default event rules, and
prints its security key and API key. The keys are shown ONCE: store them now.

Options:
  --name NAME              Display name of the brand (required)
  --website URL            Website origin allowed to send events, e.g. https://shop.example (repeatable, at least one)
  --category C             retail, dining, travel, gaming or other (shown to agents, filters GET /api/v1/brands)
  --description TEXT       What the brand offers, at most 500 characters
  --contact-email EMAIL    Who to contact about the program
  --json                   Print {"brand": {...}, "keys": {"securityKey", "apiKey", "dnsKey"}} as JSON
  -h, --help               Show this help`,
  options: {
    name: { type: 'string' },
    website: { type: 'string', multiple: true },
    category: { type: 'string' },
    description: { type: 'string' },
    'contact-email': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const name = requireOption(values.name as string | undefined, 'name', path)
    const websites = (values.website as string[] | undefined) ?? []
    if (websites.length === 0) throw new UsageError('at least one --website is required', path)
    const profile = {
      category: values.category as 'retail' | undefined,
      description: values.description as string | undefined,
      contactEmail: values['contact-email'] as string | undefined,
    }
    const { brand, keys } = await withDataRuntime(io, (rt) => rt.engine.brands.create({ name, websites, ...profile }))
    if (values.json) {
      writeJson(io.stdout, { brand, keys })
      return 0
    }
    io.stdout.write(
      [
        `Brand created: ${brand.id}`,
        `  name:         ${brand.name}`,
        `  websites:     ${brand.websites.join(', ')}`,
        ...(brand.category ? [`  category:     ${brand.category}`] : []),
        ...(brand.contactEmail ? [`  contact:      ${brand.contactEmail}`] : []),
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
