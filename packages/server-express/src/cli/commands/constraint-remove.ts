import type { Command } from '../command'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['constraint', 'remove']

export const constraintRemoveCommand: Command = {
  path,
  summary: 'Remove the purchase constraint of a perk collection (and its cached answers)',
  help: `--collection N [--json]

Options:
  --collection N   On-chain collection id (required)
  --json           Print {"removed": true|false}
  -h, --help       Show this help`,
  options: { collection: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const collectionId = parseNumberOption(
      requireOption(values.collection as string | undefined, 'collection', path),
      'collection',
      path,
      { integer: true },
    ) as number
    const { removed } = await withDataRuntime(io, (rt) => rt.engine.constraints.remove({ collectionId }))
    if (values.json) writeJson(io.stdout, { removed })
    else io.stdout.write(removed ? `Removed the constraint of collection ${collectionId}\n` : 'No such constraint\n')
    return removed ? 0 : 1
  },
}
