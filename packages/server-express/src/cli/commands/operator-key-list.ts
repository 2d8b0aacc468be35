import type { Command } from '../command'
import { formatTable } from '../format-table'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

export const operatorKeyListCommand: Command = {
  path: ['operator-key', 'list'],
  summary: 'List operator keys (never their secrets)',
  help: `[--all] [--json]

Lists the operator keys of the admin API, oldest first: id, name, prefix, created, revoked.

Options:
  --all        Revoked keys too
  --json       Print the keys as a JSON array (times in epoch ms)
  -h, --help   Show this help`,
  options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const keys = await withDataRuntime(io, (rt) =>
      rt.engine.admin.listOperatorKeys({ includeRevoked: values.all === true }),
    )
    if (values.json) {
      writeJson(io.stdout, keys)
      return 0
    }
    if (keys.length === 0) {
      io.stdout.write('No operator keys. Create one with `loyaltykit operator-key create --name NAME`.\n')
      return 0
    }
    const time = (t: number | null) => (t === null ? '-' : new Date(t).toISOString())
    const rows = [
      ['ID', 'NAME', 'PREFIX', 'CREATED', 'REVOKED'],
      ...keys.map((k) => [k.id, k.name, k.prefix, time(k.createdAt), time(k.revokedAt)]),
    ]
    io.stdout.write(formatTable(rows))
    return 0
  },
}
