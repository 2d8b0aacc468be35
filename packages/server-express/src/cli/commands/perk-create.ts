import type { EngineParameters } from '@loyaltykit/engine'
import type { Command } from '../command'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['perk', 'create']

export const perkCreateCommand: Command = {
  path,
  summary: 'Create a perk collection for a brand on the chain',
  help: `--brand ID --name NAME --price P [--max-supply N] [--max-per-user N] [--charges N]
        [--category C] [--description TEXT] [--constraint-url URL] [--json]

Creates a perk collection on the deployment's PerkCollection contract (createCollection, signed by
the relayer account) whose claims pay P points to the brand, and records it. Users claim it through
the relayer (POST /relay with claimFor and a permit); the brand uses charges with /redeem-perk.
Needs the chain: with the embedded dev chain, run it while the server is stopped (one process runs
the embedded chain); with LOYALTYKIT_RPC_URL, any time.

Options:
  --brand ID            brandId (required)
  --name NAME           Perk name, on chain too (required)
  --price P             Price in whole points; 0 makes a free perk (required)
  --max-supply N        Most perks ever claimed (default 0 = unlimited)
  --max-per-user N      Most claims per user (default 0 = unlimited)
  --charges N           Charges each claimed perk starts with (default 1)
  --category C          Category, e.g. dining, retail, travel, gaming
  --description TEXT    Description shown to users
  --constraint-url URL  Ask this external API before every claim (see \`constraint set\`)
  --json                Print the perk as JSON
  -h, --help            Show this help`,
  options: {
    brand: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'string' },
    'max-supply': { type: 'string' },
    'max-per-user': { type: 'string' },
    charges: { type: 'string' },
    category: { type: 'string' },
    description: { type: 'string' },
    'constraint-url': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const str = (name: string) => values[name] as string | undefined
    const int = (name: string) => parseNumberOption(str(name), name, path, { integer: true })
    const params: EngineParameters<'perks', 'create'> = {
      brandId: requireOption(str('brand'), 'brand', path).toLowerCase(),
      name: requireOption(str('name'), 'name', path),
      price: parseNumberOption(requireOption(str('price'), 'price', path), 'price', path, { integer: true }) as number,
    }
    const maxSupply = int('max-supply')
    const maxPerUser = int('max-per-user')
    const charges = int('charges')
    if (maxSupply !== undefined) params.maxSupply = maxSupply
    if (maxPerUser !== undefined) params.maxPerUser = maxPerUser
    if (charges !== undefined) params.charges = charges
    if (str('category') !== undefined) params.category = str('category') as string
    if (str('description') !== undefined) params.description = str('description') as string
    if (str('constraint-url') !== undefined) params.constraintUrl = str('constraint-url') as string

    const perk = await withDataRuntime(io, (rt) => rt.engine.perks.create(params), { withChain: true })
    if (values.json) {
      writeJson(io.stdout, perk)
      return 0
    }
    const unlimited = (n: number) => (n === 0 ? 'unlimited' : String(n))
    io.stdout.write(
      [
        `Perk created: collection ${perk.collectionId} (id ${perk.id})`,
        `  brand:        ${perk.brandId}`,
        `  name:         ${perk.name}`,
        `  price:        ${perk.price} points`,
        `  max supply:   ${unlimited(perk.maxSupply)}`,
        `  max per user: ${unlimited(perk.maxPerUser)}`,
        `  charges:      ${perk.charges}`,
        ...(perk.category ? [`  category:     ${perk.category}`] : []),
        `  transaction:  ${perk.transactionHash}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
