import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LoyaltyError } from '@loyaltykit/engine'
import BetterSqlite3 from 'better-sqlite3'
import { MASTER_KEY_FILE } from '../config/master-key'
import { sha256OfFile } from '../files/sha256-of-file'
import { IDENTITY_SIGNING_KEY_FILE } from '../identity/identity-signing-key'
import { DEFAULT_SQLITE_FILE } from '../storage/sqlite-file-of'
import { readBackupArchive } from './backup-archive'
import { BACKUP_DATABASE, BACKUP_MANIFEST, BACKUP_SECRETS, type BackupManifest } from './backup-manifest'
import type { BackupSecrets } from './backup-secrets'
import { openWithPassphrase } from './passphrase-box'

export type RestoreBackupParameters = {
  file: string
  /** The new data folder (created; must not hold a database). */
  dataDir: string
  /** LOYALTYKIT_MASTER_KEY of the restoring process (hex), if set. */
  masterKeyFromEnv: string | undefined
  /** Asked only when the backup holds sealed secrets. */
  passphrase: () => Promise<string>
}

export type RestoreBackupReturnType = {
  manifest: BackupManifest
  /** Files written into the data folder. */
  written: string[]
}

/**
 * The snapshot holds the leases of the source's processes (the embedded chain, the minter): none of
 * them runs on the new folder, so they are expired (fences kept) and the first process takes them at
 * once instead of waiting out their time.
 */
function releaseLeases(file: string): void {
  const db = new BetterSqlite3(file)
  try {
    db.prepare('UPDATE leases SET expires_at = 0').run()
  } finally {
    db.close()
  }
}

const refuse = (code: string, message: string, category: 'invalid_request' | 'conflict' = 'invalid_request') =>
  new LoyaltyError(message, { code, category })

/**
 * `loyaltykit restore`: unpacks a backup into a new data folder: checks the manifest and the
 * database's SHA-256, opens the sealed secrets with the passphrase (or requires LOYALTYKIT_MASTER_KEY
 * when the backup holds none), writes `master.key` (mode 0600; not when LOYALTYKIT_MASTER_KEY is set,
 * which must then be the backup's key) and the identity signing key, expires the source's leases, and
 * moves the database in last.
 * Refuses a folder that already holds a database. Checking what was restored is `checkData`'s job.
 */
export async function restoreBackup(p: RestoreBackupParameters): Promise<RestoreBackupReturnType> {
  const target = join(p.dataDir, DEFAULT_SQLITE_FILE)
  if (existsSync(target)) {
    throw refuse(
      'RESTORE_TARGET_NOT_EMPTY',
      `${p.dataDir} already holds a database (${DEFAULT_SQLITE_FILE}): restore into a new folder, or move that one away first`,
      'conflict',
    )
  }
  await mkdir(p.dataDir, { recursive: true })
  const work = await mkdtemp(join(p.dataDir, '.restore-'))
  try {
    const members = await readBackupArchive(p.file, work)
    if (!members.includes(BACKUP_MANIFEST) || !members.includes(BACKUP_DATABASE)) {
      throw refuse(
        'BACKUP_UNREADABLE',
        `${p.file} is not a loyaltykit backup (no ${BACKUP_MANIFEST} or ${BACKUP_DATABASE})`,
      )
    }
    const manifest = JSON.parse(await readFile(join(work, BACKUP_MANIFEST), 'utf8')) as BackupManifest
    if (manifest.format !== 'loyaltykit-backup' || manifest.version !== 1) {
      throw refuse(
        'BACKUP_UNREADABLE',
        `${p.file} is a backup format this version does not read (${manifest.format} ${manifest.version})`,
      )
    }
    const db = join(work, BACKUP_DATABASE)
    if ((await sha256OfFile(db)) !== manifest.database.sha256) {
      throw refuse(
        'BACKUP_CORRUPT',
        `${p.file} is damaged: its database does not match the SHA-256 its manifest records`,
      )
    }
    const written: string[] = []
    if (manifest.masterKey === 'sealed') {
      if (!members.includes(BACKUP_SECRETS))
        throw refuse('BACKUP_CORRUPT', `${p.file} lacks the sealed master key its manifest announces`)
      const sealed = await readFile(join(work, BACKUP_SECRETS), 'utf8')
      const secrets = JSON.parse(
        (await openWithPassphrase(sealed, await p.passphrase())).toString('utf8'),
      ) as BackupSecrets
      if (p.masterKeyFromEnv !== undefined && p.masterKeyFromEnv !== secrets.masterKey) {
        throw refuse(
          'MASTER_KEY_MISMATCH',
          'LOYALTYKIT_MASTER_KEY is set to another key than the one sealed in this backup: unset it (the backup’s key is then written to the data folder) or set it to the backed-up server’s key',
        )
      }
      if (p.masterKeyFromEnv === undefined) {
        await writeFile(join(p.dataDir, MASTER_KEY_FILE), `${secrets.masterKey}\n`, { mode: 0o600, flag: 'wx' })
        written.push(MASTER_KEY_FILE)
      }
      const identity = secrets.files[IDENTITY_SIGNING_KEY_FILE]
      if (identity !== undefined) {
        await writeFile(join(p.dataDir, IDENTITY_SIGNING_KEY_FILE), identity, { mode: 0o600, flag: 'wx' })
        written.push(IDENTITY_SIGNING_KEY_FILE)
      }
    } else if (p.masterKeyFromEnv === undefined) {
      throw refuse(
        'MASTER_KEY_REQUIRED',
        'This backup does not hold the master key (it was made without --include-master-key): set LOYALTYKIT_MASTER_KEY to the backed-up server’s key and run restore again',
      )
    }
    releaseLeases(db)
    await rename(db, target)
    written.push(DEFAULT_SQLITE_FILE)
    return { manifest, written }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
