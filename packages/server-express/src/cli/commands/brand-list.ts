import type { Command } from '../command'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

export const brandListCommand: Command = {
  path: ['brand', 'list'],
  summary: 'List brands',
  help: `[--json]

Options:
  --json       Print the brands as a JSON array
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  async run({ values, io }) {
    const brands = await withDataRuntime(io, (rt) => rt.engine.brands.list())
    if (values.json) {
      writeJson(io.stdout, brands)
      return 0
    }
    if (brands.length === 0) {
      io.stdout.write('No brands yet. Create one with `loyaltykit brand create --name NAME --website URL`.\n')
      return 0
    }
    for (const b of brands) {
      io.stdout.write(
        `${b.id}  ${b.name}  ${b.websites.join(', ')}  (created ${new Date(b.createdAt).toISOString()})\n`,
      )
    }
    return 0
  },
}
