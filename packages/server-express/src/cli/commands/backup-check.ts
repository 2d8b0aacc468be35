import { checkData } from '../../backup/check-data'
import { formatDataCheck } from '../../backup/format-data-check'
import type { Command } from '../command'
import { writeJson } from '../write-json'

export const backupCheckCommand: Command = {
  path: ['backup', 'check'],
  summary: 'Check a restored database: migrations, master key, chain, ledger; exit 1 on a problem',
  help: `[--json]

Checks the database this configuration names (DATABASE_URL, or the data folder's SQLite file):
after pg_restore of a PostgreSQL dump, or before trusting any copy. The migrations are ones this
version knows (pending ones are applied at the next start); the master key (LOYALTYKIT_MASTER_KEY or
the data folder's) decrypts every brand's stored secret; the chain opens (the embedded chain is
rebuilt from its journal, every block number and state root checked); and the ledger reconciles with
the chain (\`loyaltykit reconcile\`: every balance and confirmed entry). Applies no migration.
With the embedded chain, run it while no server uses the data.

Options:
  --json       Print the report as JSON
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  async run({ values, io }) {
    const report = await checkData(io)
    if (values.json) writeJson(io.stdout, report)
    else io.stdout.write(`Checked the database of this configuration:\n${formatDataCheck(report)}`)
    return report.ok ? 0 : 1
  },
}
