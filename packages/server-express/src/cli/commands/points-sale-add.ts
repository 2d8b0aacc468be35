import type { EngineParameters } from '@loyaltykit/engine'
import type { Command } from '../command'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['points-sale', 'add']

export const pointsSaleAddCommand: Command = {
  path,
  summary: 'List an item for sale in points on the chain',
  help: `--brand ID --name NAME --price P --stock N [--inactive] [--category C]
        [--description TEXT] [--json]

Lists an item on the deployment's PointsSale contract (listItem, signed by the relayer account) sold
by the brand: each purchase of Q units pays P × Q points to the brand's address and takes Q units of
stock. The name, description and category are kept in the database (the contract holds none).
Users buy it through the relayer (POST /relay with purchaseFor and a permit to the sale); anyone
lists the items with \`points-sale list\` or GET /points-sale/items. Needs the chain: with the
embedded dev chain, run it while the server is stopped; with LOYALTYKIT_RPC_URL, any time.

Options:
  --brand ID            brandId of the seller (required)
  --name NAME           What the item is, as users see it (required)
  --price P             Price per unit in whole points; 0 makes a free item (required)
  --stock N             Units for sale (required)
  --inactive            List it inactive (cannot be bought until activated)
  --category C          Category, e.g. merch, voucher, donation
  --description TEXT    Description shown to users
  --json                Print the item as JSON
  -h, --help            Show this help`,
  options: {
    brand: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'string' },
    stock: { type: 'string' },
    inactive: { type: 'boolean' },
    category: { type: 'string' },
    description: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const str = (name: string) => values[name] as string | undefined
    const int = (name: string) =>
      parseNumberOption(requireOption(str(name), name, path), name, path, { integer: true }) as number
    const params: EngineParameters<'pointsSale', 'add'> = {
      brandId: requireOption(str('brand'), 'brand', path).toLowerCase(),
      name: requireOption(str('name'), 'name', path),
      price: int('price'),
      stock: int('stock'),
      active: values.inactive !== true,
    }
    if (str('category') !== undefined) params.category = str('category') as string
    if (str('description') !== undefined) params.description = str('description') as string

    const item = await withDataRuntime(io, (rt) => rt.engine.pointsSale.add(params), { withChain: true })
    if (values.json) {
      writeJson(io.stdout, item)
      return 0
    }
    io.stdout.write(
      [
        `Item listed: ${item.itemId} on the points sale ${item.contract}`,
        `  seller:      ${item.brandId}`,
        `  name:        ${item.name}`,
        `  price:       ${item.price} points`,
        `  stock:       ${item.stock}`,
        `  active:      ${item.active ? 'yes' : 'no'}`,
        ...(item.category ? [`  category:    ${item.category}`] : []),
        `  transaction: ${item.transactionHash}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
