/**
 * SQLSTATE codes and classes of PostgreSQL that mean "the database cannot be used right now", not
 * "this request is wrong": connection exceptions (class 08), insufficient resources (class 53, e.g.
 * too many connections, disk full), operator intervention (57P01–57P03: shutdown, cannot connect now)
 * and a database that does not exist (3D000: dropped, or a wrong DATABASE_URL).
 */
const PG_UNAVAILABLE = /^(08...|53...|57P0[1-3]|3D000)$/
/** SQLite result codes (better-sqlite3 `SqliteError.code`) of the same kind: locked beyond busy_timeout, I/O, full, read-only, unopenable. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN)(_|$)/
/** Socket errors of the PostgreSQL client. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])
/** Errors that carry no code: pg's pool and client, better-sqlite3 and kysely on a closed storage. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^The database connection is not open$/,
  /^driver has already been destroyed$/,
]

/**
 * Whether an error thrown by storage means the database is unavailable (the server answers 503, the
 * client may retry) rather than an unexpected failure (500). Recognises the drivers this server wires
 * (pg, better-sqlite3 through kysely) by shape: their codes first, a few code-less messages second.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false
  const { code, message } = e as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code) || NETWORK.has(code)) return true
  }
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message))
}
