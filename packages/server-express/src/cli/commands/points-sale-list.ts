import type { EngineParameters } from '@loyaltykit/engine'
import type { Command } from '../command'
import { formatTable } from '../format-table'
import { parseNumberOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['points-sale', 'list']

export const pointsSaleListCommand: Command = {
  path,
  summary: "List the points sale's items, read from the chain",
  help: `[--brand ID] [--available | --unavailable] [--limit N] [--offset N] [--json]

Lists the items of the deployment's PointsSale contract in item id order: price, stock, units sold
and the active flag read from the chain (every item ever listed, by whoever listed it), with the
name and category of the items listed with \`points-sale add\`. The same answer as
GET /points-sale/items. Needs the chain: with the embedded dev chain, run it while the server is
stopped; with LOYALTYKIT_RPC_URL, any time.

Options:
  --brand ID      Only the items this brand sells
  --available     Only items that can be bought now (active, stock left)
  --unavailable   Only items that cannot (inactive or sold out)
  --limit N       Page size (default 50, max 100)
  --offset N      Items to skip (default 0)
  --json          Print the answer of GET /points-sale/items as JSON
  -h, --help      Show this help`,
  options: {
    brand: { type: 'string' },
    available: { type: 'boolean' },
    unavailable: { type: 'boolean' },
    limit: { type: 'string' },
    offset: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    if (values.available && values.unavailable) {
      throw new UsageError('--available and --unavailable exclude each other', path, 'available')
    }
    const params: EngineParameters<'pointsSale', 'list'> = {}
    if (typeof values.brand === 'string') params.brandId = values.brand.toLowerCase()
    if (values.available) params.available = true
    if (values.unavailable) params.available = false
    const limit = parseNumberOption(values.limit as string | undefined, 'limit', path, { integer: true })
    const offset = parseNumberOption(values.offset as string | undefined, 'offset', path, { integer: true })
    if (limit !== undefined) params.limit = limit
    if (offset !== undefined) params.offset = offset

    const answer = await withDataRuntime(io, (rt) => rt.engine.pointsSale.list(params), { withChain: true })
    if (values.json) {
      writeJson(io.stdout, answer)
      return 0
    }
    if (answer.total === 0) {
      io.stdout.write(
        'No items. List one with: loyaltykit points-sale add --brand ID --name NAME --price P --stock N\n',
      )
      return 0
    }
    const rows = answer.items.map((it) => [
      String(it.itemId),
      it.name ?? '(unnamed)',
      it.price,
      it.stock,
      it.sold,
      it.available ? 'yes' : it.active ? 'sold out' : 'inactive',
      it.seller,
    ])
    io.stdout.write(formatTable([['ITEM', 'NAME', 'PRICE', 'STOCK', 'SOLD', 'AVAILABLE', 'SELLER'], ...rows]))
    if (answer.hasMore) {
      io.stdout.write(
        `… ${answer.total - answer.offset - answer.items.length} more (--offset ${answer.offset + answer.items.length})\n`,
      )
    }
    return 0
  },
}
