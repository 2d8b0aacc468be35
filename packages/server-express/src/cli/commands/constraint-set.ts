import type { Command } from '../command'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['constraint', 'set']

export const constraintSetCommand: Command = {
  path,
  summary: 'Declare the external-API purchase constraint of a perk collection',
  help: `--brand ID --collection N --api-url URL [--json]

Before a claim of the collection, the server asks URL whether the user may purchase (POST
{"user_address", "collection_id", "brand_id"} → {"allowed": true|false, "reason"?}) and caches the
answer per (URL, user, collection) for LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS (default 60).

Options:
  --brand ID        brandId that owns the collection (required)
  --collection N    On-chain collection id (required)
  --api-url URL     http(s) URL of the brand's constraint API (required)
  --json            Print the constraint as JSON
  -h, --help        Show this help`,
  options: {
    brand: { type: 'string' },
    collection: { type: 'string' },
    'api-url': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const collectionId = parseNumberOption(
      requireOption(values.collection as string | undefined, 'collection', path),
      'collection',
      path,
      { integer: true },
    ) as number
    const apiUrl = requireOption(values['api-url'] as string | undefined, 'api-url', path)
    const constraint = await withDataRuntime(io, (rt) => rt.engine.constraints.set({ brandId, collectionId, apiUrl }))
    if (values.json) writeJson(io.stdout, constraint)
    else io.stdout.write(`Collection ${constraint.collectionId} now asks ${constraint.apiUrl}\n`)
    return 0
  },
}
