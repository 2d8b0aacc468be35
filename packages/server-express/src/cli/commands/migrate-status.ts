import type { Command } from '../command'
import { formatTable } from '../format-table'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const iso = (ms: number) => new Date(ms).toISOString()

export const migrateStatusCommand: Command = {
  path: ['migrate', 'status'],
  summary: 'List applied and pending database migrations (applies nothing)',
  help: `[--json]

Lists every migration this version knows, in the order they run, with when it was applied or
"pending"; and migrations the database has that this version does not know (a newer loyaltykit
migrated it). Applies nothing and creates no table. Exits 0 whatever the state; \`loyaltykit migrate\`
(or \`loyaltykit start\`) applies the pending ones.

Options:
  --json       Print {"migrations": [{"name", "appliedAt"}], "pending", "unknown", "upToDate"} (times in epoch ms, null = pending)
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  async run({ values, io }) {
    const status = await withDataRuntime(io, (rt) => rt.engine.migrations.status(), { migrate: false })
    if (values.json) {
      writeJson(io.stdout, status)
      return 0
    }
    io.stdout.write(
      formatTable([
        ['MIGRATION', 'APPLIED AT'],
        ...status.migrations.map((m) => [m.name, m.appliedAt === null ? 'pending' : iso(m.appliedAt)]),
        ...status.unknown.map((m) => [m.name, `${iso(m.appliedAt)}  (unknown to this version)`]),
      ]),
    )
    const applied = status.migrations.length - status.pending.length
    io.stdout.write(
      status.pending.length === 0
        ? `${applied} applied, none pending: the database is up to date.\n`
        : `${applied} applied, ${status.pending.length} pending: run \`loyaltykit migrate\` to apply them.\n`,
    )
    if (status.unknown.length > 0) {
      io.stdout.write(
        `${status.unknown.length} applied by a newer loyaltykit: this version cannot migrate this database; upgrade it.\n`,
      )
    }
    return 0
  },
}
