import type { Command } from '../command'
import { withDataRuntime } from '../with-data-runtime'

export const migrateCommand: Command = {
  path: ['migrate'],
  summary: 'Apply pending database migrations (SQLite file or DATABASE_URL)',
  help: `

Applies every pending migration and exits. Safe to run while servers are running and from several
processes at once. \`loyaltykit start\` migrates too.

Options:
  -h, --help   Show this help`,
  options: {},
  async run({ io }) {
    const applied = await withDataRuntime(io, async (rt) => rt.migrationsApplied)
    io.stdout.write(
      applied.length === 0
        ? 'Database is up to date.\n'
        : `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`,
    )
    return 0
  },
}
