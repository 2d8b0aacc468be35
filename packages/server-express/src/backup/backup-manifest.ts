import BetterSqlite3 from 'better-sqlite3'

/** Name of the archive's member holding the database snapshot. */
export const BACKUP_DATABASE = 'loyaltykit.db'
/** Name of the member describing the backup. */
export const BACKUP_MANIFEST = 'manifest.json'
/** Name of the member holding the secrets sealed with the passphrase (only with --include-master-key). */
export const BACKUP_SECRETS = 'secrets.sealed.json'

/** The embedded chain's journal at the snapshot: how far `restore` must find the chain again. */
type JournalSummary = {
  chainKey: string
  entries: number
  lastSeq: number
  blockNumber: number | null
  stateRoot: string | null
}

/** What `manifest.json` says about a backup. */
export type BackupManifest = {
  format: 'loyaltykit-backup'
  version: 1
  createdAt: string
  serverVersion: string
  database: { file: typeof BACKUP_DATABASE; dialect: 'sqlite'; bytes: number; sha256: string }
  /** Migrations applied in the snapshot, in order. */
  migrations: string[]
  counts: { brands: number; wallets: number; events: number; ledgerEntries: number; pendingMintJobs: number }
  chainJournal: JournalSummary[]
  /** `sealed`: in BACKUP_SECRETS, under the passphrase; `absent`: keep LOYALTYKIT_MASTER_KEY yourself. */
  masterKey: 'sealed' | 'absent'
}

/** Reads what a manifest records from a snapshot file (read only). */
export function describeSnapshot(file: string): Pick<BackupManifest, 'migrations' | 'counts' | 'chainJournal'> {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const count = (table: string, where = '') =>
      Number((db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n)
    const migrations = (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map(
      (r) => r.name,
    )
    const chainJournal = (
      db
        .prepare(
          `SELECT j.chain_key AS chainKey, (SELECT count(*) FROM chain_journal c WHERE c.chain_key = j.chain_key) AS entries,
             j.seq AS lastSeq,
             (SELECT max(block_number) FROM chain_journal c WHERE c.chain_key = j.chain_key) AS blockNumber,
             (SELECT state_root FROM chain_journal c WHERE c.chain_key = j.chain_key AND state_root IS NOT NULL ORDER BY seq DESC LIMIT 1) AS stateRoot
           FROM chain_journal j
           WHERE j.seq = (SELECT max(seq) FROM chain_journal c WHERE c.chain_key = j.chain_key)
           ORDER BY j.chain_key`,
        )
        .all() as JournalSummary[]
    ).map((j) => ({
      ...j,
      entries: Number(j.entries),
      lastSeq: Number(j.lastSeq),
      blockNumber: j.blockNumber === null ? null : Number(j.blockNumber),
    }))
    return {
      migrations,
      counts: {
        brands: count('brands'),
        wallets: count('wallets'),
        events: count('reward_events'),
        ledgerEntries: count('ledger_entries'),
        pendingMintJobs: count('mint_jobs', "WHERE status <> 'confirmed'"),
      },
      chainJournal,
    }
  } finally {
    db.close()
  }
}
