import { existsSync } from 'node:fs'
import { LoyaltyError } from '@loyaltykit/engine'
import { openSqliteDatabase } from '../storage/open-sqlite-database'

/**
 * Copies the SQLite database `source` into the new file `target` as one consistent snapshot, while
 * other processes (the server, an import) keep writing: `VACUUM INTO` reads the whole database in a
 * single read transaction, and in WAL mode readers never block the writer nor see half of a commit.
 * The chain journal is a table of the same database, so the snapshot holds the database and the
 * embedded chain at one instant, as a crash at that instant would have left them (and a restart
 * recovers from a crash: jobs signed but not journaled are broadcast again).
 */
export function snapshotSqlite(source: string, target: string): void {
  if (source === ':memory:' || !existsSync(source)) {
    throw new LoyaltyError(`There is no SQLite database at ${source} to back up`, {
      code: 'NOTHING_TO_BACK_UP',
      category: 'not_found',
    })
  }
  const db = openSqliteDatabase(source)
  try {
    db.prepare('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
}
