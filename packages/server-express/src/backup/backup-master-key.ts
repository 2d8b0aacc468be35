import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LoyaltyError } from '@loyaltykit/engine'
import { MASTER_KEY_FILE, parseMasterKey } from '../config/master-key'
import type { StorageConfig } from '../config/storage-section'

/** Where the master key a backup must account for comes from. */
export type BackupMasterKey = { source: 'env'; hex: string } | { source: 'file'; file: string; hex: string }

/**
 * The master key of the data a backup copies, without creating one: LOYALTYKIT_MASTER_KEY, else the
 * development key file `<dataDir>/master.key`. Neither: MASTER_KEY_NOT_FOUND (a data folder never
 * started has nothing encrypted, and nothing to back up either).
 */
export async function backupMasterKey(storage: Pick<StorageConfig, 'masterKey' | 'dataDir'>): Promise<BackupMasterKey> {
  if (storage.masterKey) return { source: 'env', hex: storage.masterKey }
  const file = join(storage.dataDir, MASTER_KEY_FILE)
  const key = existsSync(file) ? parseMasterKey((await readFile(file, 'utf8')).trim()) : undefined
  if (!key) {
    throw new LoyaltyError(
      `No master key: LOYALTYKIT_MASTER_KEY is not set and ${file} holds none. Run the backup with the configuration the server runs with`,
      { code: 'MASTER_KEY_NOT_FOUND', category: 'invalid_request' },
    )
  }
  return { source: 'file', file, hex: Buffer.from(key).toString('hex') }
}

/**
 * Refuses a backup without `--include-master-key` when the key lives only in the data folder: the
 * database's wallet keys and secrets are encrypted under it, so such a backup could never be used.
 */
export function refuseBackupWithoutKey(key: BackupMasterKey): void {
  if (key.source !== 'file') return
  throw new LoyaltyError(
    `Refusing to back up without the master key: it is the development key in ${key.file}, and every custodial wallet key and brand secret in the database is encrypted under it, so a backup without it could never be restored. Run again with --include-master-key (the key is sealed in the backup under a passphrase you choose), or set LOYALTYKIT_MASTER_KEY (kept safe apart from the backups) for the server and the backup`,
    { code: 'MASTER_KEY_NOT_INCLUDED', category: 'invalid_request' },
  )
}
