import type { Command } from '../command'
import { formatTable } from '../format-table'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

export const agentKeyListCommand: Command = {
  path: ['agent-key', 'list'],
  summary: 'List agent API keys (never their secrets)',
  help: `[--all] [--json]

Lists the agent keys, oldest first: id, name, tier, permissions, brand scope, rate, created, last used.

Options:
  --all        Revoked keys too
  --json       Print the keys as a JSON array (times in epoch ms)
  -h, --help   Show this help`,
  options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const keys = await withDataRuntime(io, (rt) => rt.engine.agent.listKeys({ includeRevoked: values.all === true }))
    if (values.json) {
      writeJson(io.stdout, keys)
      return 0
    }
    if (keys.length === 0) {
      io.stdout.write('No agent keys. Create one with `loyaltykit agent-key create --name NAME --tier free`.\n')
      return 0
    }
    const time = (t: number | null) => (t === null ? '-' : new Date(t).toISOString())
    const rows = [
      ['ID', 'NAME', 'TIER', 'PERMISSIONS', 'BRANDS', 'RATE', 'CREATED', 'LAST USED', 'REVOKED'],
      ...keys.map((k) => [
        k.id,
        k.name,
        k.tier,
        [k.canOnboard && 'onboard', k.canManageProgram && 'manage-program'].filter(Boolean).join(',') || '-',
        k.brandScope === null ? 'all' : k.brandScope.join(','),
        k.rateLimitPerMinute === null ? 'default' : String(k.rateLimitPerMinute),
        time(k.createdAt),
        time(k.lastUsedAt),
        time(k.revokedAt),
      ]),
    ]
    io.stdout.write(formatTable(rows))
    return 0
  },
}
