import { rename } from 'node:fs/promises'
import { LoyaltyError } from '@loyaltykit/engine'
import * as tar from 'tar'
import { BACKUP_DATABASE, BACKUP_MANIFEST, BACKUP_SECRETS } from './backup-manifest'

/** The only members a backup archive holds; restore extracts nothing else. */
const MEMBERS = new Set([BACKUP_MANIFEST, BACKUP_DATABASE, BACKUP_SECRETS])

/**
 * Packs the members found in `dir` into the gzip'd tar file `out`: written beside it first, then
 * renamed, so that `out` is either the previous file or the whole new backup (mode 0600).
 */
export async function writeBackupArchive(dir: string, members: string[], out: string): Promise<void> {
  const partial = `${out}.partial`
  await tar.create({ gzip: true, file: partial, cwd: dir, portable: true, mode: 0o600 }, members)
  await rename(partial, out)
}

/** Extracts a backup archive's known members into `dir` (nothing else, no path outside it); the members found. */
export async function readBackupArchive(file: string, dir: string): Promise<string[]> {
  const found: string[] = []
  try {
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      filter: (path, entry) => {
        const ok = MEMBERS.has(path) && (entry as { type?: string }).type === 'File'
        if (ok) found.push(path)
        return ok
      },
    })
  } catch (e) {
    throw new LoyaltyError(`${file} is not a loyaltykit backup (${(e as Error).message})`, {
      code: 'BACKUP_UNREADABLE',
      category: 'invalid_request',
    })
  }
  return found
}
