import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { UnavailableError } from '@loyaltykit/engine'
import BetterSqlite3 from 'better-sqlite3'

export type EmbeddedChainLock = {
  /** Random id of this lock file, made at its first use and kept: leases taken under it name it. */
  id: string
  file: string
  /** Lets the lock go (closes the file). Idempotent. */
  release(): void
}

/**
 * The OS-level lock that lets one process run an embedded chain of a data folder: an exclusive
 * SQLite lock on `file` (e.g. `<data>/embedded-chain.lock`). Node has no flock; SQLite takes POSIX
 * advisory locks (fcntl), which the kernel drops when the process dies however it dies (SIGKILL,
 * OOM, a crash; a zombie holds none), and which hold between processes of any pid or host name.
 * `locking_mode=EXCLUSIVE` plus one write keeps the exclusive lock until the connection closes;
 * with a busy timeout of 0 a second process (or a second open in this process) gets SQLITE_BUSY at
 * once: EMBEDDED_CHAIN_IN_USE.
 *
 * Nothing else may open this file (a plain `fs` open and close of it in this process would drop
 * the lock: POSIX locks belong to the process, not to the descriptor). On network file systems
 * (NFS) locks are only as reliable as the server's lock manager.
 */
export function lockEmbeddedChain(file: string): EmbeddedChainLock {
  const db = new BetterSqlite3(file, { timeout: 0 })
  try {
    db.pragma('busy_timeout = 0')
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
  } catch (error) {
    db.close()
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new UnavailableError(
        `the embedded chain of this data folder is running in another process (it holds ${file}); stop it, or use LOYALTYKIT_RPC_URL to share one chain`,
        'EMBEDDED_CHAIN_IN_USE',
        { lockFile: file },
        error,
      )
    }
    throw error
  }
  try {
    db.exec('CREATE TABLE IF NOT EXISTS lock (id TEXT NOT NULL, host TEXT, pid INTEGER, locked_at TEXT)')
    const row = db.prepare('SELECT id FROM lock').get() as { id: string } | undefined
    const id = row?.id ?? randomUUID()
    // A write on every start: in exclusive locking mode the connection then keeps its exclusive lock after COMMIT.
    db.prepare('DELETE FROM lock').run()
    db.prepare('INSERT INTO lock (id, host, pid, locked_at) VALUES (?, ?, ?, ?)').run(
      id,
      hostname(),
      process.pid,
      new Date().toISOString(),
    )
    db.exec('COMMIT')
    let released = false
    return {
      id,
      file,
      release() {
        if (released) return
        released = true
        db.close()
      },
    }
  } catch (error) {
    db.close()
    throw error
  }
}
