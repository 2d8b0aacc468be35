import type { Command } from '../command'
import { formatTable } from '../format-table'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['perk', 'list']

export const perkListCommand: Command = {
  path,
  summary: "List a brand's perk collections",
  help: `--brand ID [--json]

Lists the perk collections created for the brand (\`perk create\`), oldest first. Reads the database
only (no chain needed).

Options:
  --brand ID   brandId (required)
  --json       Print {"perks": [...]} as JSON
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path).toLowerCase()
    const perks = await withDataRuntime(io, (rt) => rt.engine.perks.list({ brandId }))
    if (values.json) {
      writeJson(io.stdout, { perks })
      return 0
    }
    if (perks.length === 0) {
      io.stdout.write(`No perks for ${brandId}. Create one with: loyaltykit perk create --brand ${brandId} …\n`)
      return 0
    }
    const rows = perks.map((p) => [
      String(p.collectionId),
      p.name,
      `${p.price}`,
      p.maxSupply === 0 ? '-' : String(p.maxSupply),
      p.maxPerUser === 0 ? '-' : String(p.maxPerUser),
      String(p.charges),
      p.category ?? '',
      p.id,
    ])
    const header = ['COLLECTION', 'NAME', 'PRICE', 'SUPPLY', 'PER USER', 'CHARGES', 'CATEGORY', 'ID']
    io.stdout.write(formatTable([header, ...rows]))
    return 0
  },
}
