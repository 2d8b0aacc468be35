import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['constraint', 'list']

export const constraintListCommand: Command = {
  path,
  summary: "List the purchase constraints of a brand's perk collections",
  help: `--brand ID [--json]

Options:
  --brand ID   brandId (required)
  --json       Print the constraints as a JSON array
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const constraints = await withDataRuntime(io, (rt) => rt.engine.constraints.list({ brandId }))
    if (values.json) {
      writeJson(io.stdout, constraints)
      return 0
    }
    io.stdout.write(
      constraints.length === 0
        ? 'No purchase constraints.\n'
        : `${constraints.map((c) => `collection ${c.collectionId}  ${c.kind}  ${c.apiUrl}`).join('\n')}\n`,
    )
    return 0
  },
}
