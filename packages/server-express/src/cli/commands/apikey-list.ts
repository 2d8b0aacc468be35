import type { Command } from '../command'
import { formatTable } from '../format-table'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['apikey', 'list']

export const apikeyListCommand: Command = {
  path,
  summary: "List a brand's API keys (prefix and scopes; never the keys)",
  help: `--brand ID [--json]

Lists the brand's API keys, oldest first: id, the first characters of the key, scopes, when it was
created and revoked. Keys themselves are never stored, so they cannot be listed.

Options:
  --brand ID   brandId (required)
  --json       Print the keys as a JSON array (times in epoch ms, no hashes)
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const keys = await withDataRuntime(io, (rt) => rt.engine.apiKeys.list({ brandId }))
    const shown = keys.map(({ keyHash: _hash, ...k }) => k)
    if (values.json) {
      writeJson(io.stdout, shown)
      return 0
    }
    if (shown.length === 0) {
      io.stdout.write('No API keys.\n')
      return 0
    }
    const rows = [
      ['ID', 'PREFIX', 'SCOPES', 'CREATED', 'REVOKED'],
      ...shown.map((k) => [
        k.id,
        `${k.prefix}…`,
        k.scopes.join(','),
        new Date(k.createdAt).toISOString(),
        k.revokedAt === null ? '-' : new Date(k.revokedAt).toISOString(),
      ]),
    ]
    io.stdout.write(formatTable(rows))
    return 0
  },
}
