import { resolve } from 'node:path'
import { checkData } from '../../backup/check-data'
import { formatDataCheck } from '../../backup/format-data-check'
import { readPassphrase } from '../../backup/read-passphrase'
import { restoreBackup } from '../../backup/restore-backup'
import type { Command } from '../command'
import { requireOnePositional, requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { writeJson } from '../write-json'

const path = ['restore']

export const restoreCommand: Command = {
  path,
  summary: 'Restore a backup into a new data folder, then check it',
  help: `FILE --data DIR [--passphrase-file FILE] [--json]

Unpacks FILE (made by \`loyaltykit backup\`) into the data folder DIR, which must not hold a database:
checks the manifest and the database's SHA-256, opens the sealed master key with the passphrase
(typed on a terminal or the first line of --passphrase-file) and writes it to DIR/master.key (mode
0600; with LOYALTYKIT_MASTER_KEY set, that key must be the backup's and nothing is written). A backup
without the master key needs LOYALTYKIT_MASTER_KEY. Then checks what was restored, as
\`loyaltykit backup check\` does: migrations known, master key decrypting the brands' secrets, the
embedded chain rebuilt from its journal (every block and state root), and the ledger reconciled with
the chain. Start the server with LOYALTYKIT_DATA_DIR=DIR (and no DATABASE_URL): mint jobs that were
not confirmed at the backup are minted then.

Exit 0 when restored and checked, 1 when refused or when the check failed (the files stay in DIR).
PostgreSQL: pg_restore (docs/production.md#backups).

Options:
  --data DIR              New data folder to restore into
  --passphrase-file FILE  Read the passphrase from the first line of FILE
  --json                  Print {restored, manifest, check} as JSON
  -h, --help              Show this help`,
  options: {
    data: { type: 'string' },
    'passphrase-file': { type: 'string' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
  async run({ values, positionals, io }) {
    const given = requireOnePositional(positionals, 'backup file to restore', path)
    const dataDir = resolve(io.cwd, requireOption(values.data as string | undefined, 'data', path))
    if (io.config.storage.databaseUrl) {
      throw new UsageError(
        'restore writes a SQLite data folder (--data); unset DATABASE_URL (for PostgreSQL, restore a pg_dump with pg_restore)',
        path,
      )
    }
    const file = resolve(io.cwd, given)
    const restored = await restoreBackup({
      file,
      dataDir,
      masterKeyFromEnv: io.config.storage.masterKey,
      passphrase: () =>
        readPassphrase({
          file: values['passphrase-file'] as string | undefined,
          cwd: io.cwd,
          command: path,
          confirm: false,
          stderr: io.stderr,
        }),
    })
    const config = { ...io.config, storage: { ...io.config.storage, dataDir, databaseUrl: undefined } }
    const check = await checkData({ ...io, config })
    if (values.json)
      writeJson(io.stdout, { restored: dataDir, files: restored.written, manifest: restored.manifest, check })
    else {
      const c = restored.manifest.counts
      io.stdout.write(
        `Restored ${file} (made ${restored.manifest.createdAt}) into ${dataDir}: ${restored.written.join(', ')}\n` +
          `  data         ${c.brands} brands, ${c.wallets} wallets, ${c.events} events, ${c.ledgerEntries} ledger entries, ${c.pendingMintJobs} mint jobs to mint at the next start\n` +
          formatDataCheck(check) +
          (check.ok ? `Start it with LOYALTYKIT_DATA_DIR=${dataDir} loyaltykit start\n` : ''),
      )
    }
    return check.ok ? 0 : 1
  },
}
