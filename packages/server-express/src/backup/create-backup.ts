import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { LoyaltyError } from '@loyaltykit/engine'
import type { StorageConfig } from '../config/storage-section'
import { sha256OfFile } from '../files/sha256-of-file'
import { IDENTITY_SIGNING_KEY_FILE } from '../identity/identity-signing-key'
import { SERVER_VERSION } from '../server-version'
import { sqliteFileOf } from '../storage/sqlite-file-of'
import { writeBackupArchive } from './backup-archive'
import {
  BACKUP_DATABASE,
  BACKUP_MANIFEST,
  BACKUP_SECRETS,
  type BackupManifest,
  describeSnapshot,
} from './backup-manifest'
import type { BackupMasterKey } from './backup-master-key'
import type { BackupSecrets } from './backup-secrets'
import { sealWithPassphrase } from './passphrase-box'
import { snapshotSqlite } from './snapshot-sqlite'

export type CreateBackupParameters = {
  storage: Pick<StorageConfig, 'dataDir' | 'databaseUrl'>
  out: string
  /** With a passphrase: the master key (and the data folder's identity signing key) sealed under it. */
  seal: { key: BackupMasterKey; passphrase: string } | undefined
}

/**
 * `loyaltykit backup`: an online, consistent snapshot of the SQLite database (`snapshotSqlite`: the
 * chain journal included), its manifest, and the sealed secrets when asked, in one gzip'd tar file
 * written atomically (mode 0600). PostgreSQL is refused: pg_dump is its backup.
 */
export async function createBackup(p: CreateBackupParameters): Promise<BackupManifest> {
  const source = sqliteFileOf(p.storage.databaseUrl, p.storage.dataDir)
  if (source === undefined) {
    throw new LoyaltyError(
      'loyaltykit backup copies a SQLite database; this DATABASE_URL is PostgreSQL: back it up with pg_dump, then check a restored copy with `loyaltykit backup check` (docs/production.md#backups)',
      { code: 'BACKUP_USE_PG_DUMP', category: 'invalid_request' },
    )
  }
  const work = await mkdtemp(join(dirname(p.out), '.loyaltykit-backup-'))
  try {
    const db = join(work, BACKUP_DATABASE)
    snapshotSqlite(source, db)
    const members = [BACKUP_MANIFEST, BACKUP_DATABASE]
    if (p.seal) {
      const identityFile = join(p.storage.dataDir, IDENTITY_SIGNING_KEY_FILE)
      const secrets: BackupSecrets = {
        masterKey: p.seal.key.hex,
        files: existsSync(identityFile) ? { [IDENTITY_SIGNING_KEY_FILE]: await readFile(identityFile, 'utf8') } : {},
      }
      const sealed = await sealWithPassphrase(Buffer.from(JSON.stringify(secrets)), p.seal.passphrase)
      await writeFile(join(work, BACKUP_SECRETS), sealed, { mode: 0o600 })
      members.push(BACKUP_SECRETS)
    }
    const manifest: BackupManifest = {
      format: 'loyaltykit-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      serverVersion: SERVER_VERSION,
      database: {
        file: BACKUP_DATABASE,
        dialect: 'sqlite',
        bytes: (await stat(db)).size,
        sha256: await sha256OfFile(db),
      },
      ...describeSnapshot(db),
      masterKey: p.seal ? 'sealed' : 'absent',
    }
    await writeFile(join(work, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    await writeBackupArchive(work, members, p.out)
    await chmod(p.out, 0o600)
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
