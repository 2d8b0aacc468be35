import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { backupMasterKey, refuseBackupWithoutKey } from '../../backup/backup-master-key'
import { createBackup } from '../../backup/create-backup'
import { readPassphrase } from '../../backup/read-passphrase'
import { sqliteFileOf } from '../../storage/sqlite-file-of'
import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { writeJson } from '../write-json'

const path = ['backup']

export const backupCommand: Command = {
  path,
  summary: 'Back up the SQLite database (chain journal included) into one file, online',
  help: `--out FILE [--include-master-key [--passphrase-file FILE]] [--json]

Takes a consistent snapshot of the SQLite database while the server keeps running (VACUUM INTO: one
read transaction; the embedded chain's journal is in the same database, so the chain is in the
snapshot at the same instant) and writes it, with a manifest (migrations, counts, the chain's
height), into FILE: a gzip'd tar, mode 0600, written atomically. Restore it with
\`loyaltykit restore FILE --data NEW_FOLDER\`.

The master key is never copied in clear. With --include-master-key it is sealed in the backup
(scrypt + AES-256-GCM) under a passphrase you choose (typed twice on a terminal, or the first line of
--passphrase-file), with the data folder's identity signing key. Without it: refused when the key
is the development key file of the data folder (the backup could never be restored); with
LOYALTYKIT_MASTER_KEY set, the backup does not hold the key and restore needs it.
PostgreSQL: use pg_dump (docs/production.md#backups) and \`loyaltykit backup check\`.

Options:
  --out FILE              Backup file to write (must not exist)
  --include-master-key    Seal the master key in the backup under a passphrase
  --passphrase-file FILE  Read the passphrase from the first line of FILE (scripts; at least 12 characters)
  --json                  Print the manifest as JSON
  -h, --help              Show this help`,
  options: {
    out: { type: 'string' },
    'include-master-key': { type: 'boolean' },
    'passphrase-file': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const out = resolve(io.cwd, requireOption(values.out as string | undefined, 'out', path))
    const include = values['include-master-key'] === true
    const passphraseFile = values['passphrase-file'] as string | undefined
    if (passphraseFile !== undefined && !include) {
      throw new UsageError('--passphrase-file goes with --include-master-key', path, 'passphrase-file')
    }
    if (existsSync(out)) throw new UsageError(`${out} exists: choose another name (or delete it)`, path, 'out')
    const { storage } = io.config
    const source = sqliteFileOf(storage.databaseUrl, storage.dataDir)
    const key = source === undefined ? undefined : await backupMasterKey(storage)
    if (key && !include) refuseBackupWithoutKey(key)
    const passphrase =
      key && include
        ? await readPassphrase({ file: passphraseFile, cwd: io.cwd, command: path, confirm: true, stderr: io.stderr })
        : undefined
    const manifest = await createBackup({
      storage,
      out,
      seal: key && passphrase !== undefined ? { key, passphrase } : undefined,
    })
    if (values.json) {
      writeJson(io.stdout, { out, ...manifest })
      return 0
    }
    const c = manifest.counts
    const lines = [
      `Backed up ${source} to ${out} (${(manifest.database.bytes / 1e6).toFixed(1)} MB database) at ${manifest.createdAt}`,
      `  migrations   ${manifest.migrations.length} (last ${manifest.migrations.at(-1) ?? 'none'})`,
      `  data         ${c.brands} brands, ${c.wallets} wallets, ${c.events} events, ${c.ledgerEntries} ledger entries, ${c.pendingMintJobs} mint jobs not yet confirmed (minted after a restore)`,
      ...manifest.chainJournal.map(
        (j) => `  chain        journal "${j.chainKey}": ${j.entries} entries, block ${j.blockNumber ?? 0}`,
      ),
      manifest.masterKey === 'sealed'
        ? '  master key   sealed in the backup under your passphrase (restore asks for it)'
        : '  master key   NOT in this backup: restore needs LOYALTYKIT_MASTER_KEY (keep it safe, apart from the backups)',
      `Restore with: loyaltykit restore ${out} --data NEW_FOLDER`,
    ]
    io.stdout.write(`${lines.join('\n')}\n`)
    return 0
  },
}
