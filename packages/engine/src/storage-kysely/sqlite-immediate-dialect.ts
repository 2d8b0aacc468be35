import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely'

/**
 * kysely prepares every query anew (`db.prepare(sql)` per execution), which costs more than running
 * it; the queries of a process are few distinct SQL strings, so prepared statements are kept by SQL
 * text (at most 1000, then the cache starts over). Safe: kysely runs one query at a time on the
 * connection and reads each statement to the end before the next.
 */
function withStatementCache(db: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close() {
      statements.clear()
      db.close()
    },
    prepare(sql) {
      let statement = statements.get(sql)
      if (!statement) {
        if (statements.size >= 1000) statements.clear()
        statement = db.prepare(sql)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

/**
 * kysely's SqliteDialect, made safe for several processes on one database file (server + CLI, two
 * servers). Transactions start with `BEGIN IMMEDIATE`, so a transaction that reads then writes takes
 * the write lock up front and waits (`busy_timeout`) instead of failing with SQLITE_BUSY when another
 * process wrote in between. Migrations run in one such transaction (SQLite has transactional DDL),
 * so two processes migrating at once apply each migration once and a failed migration leaves nothing.
 * Within one process kysely already serialises everything on its single connection.
 */
export class SqliteImmediateDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    const database = config.database
    const cached: SqliteDialectConfig = {
      ...config,
      database:
        typeof database === 'function'
          ? async (o) => withStatementCache(await database(o))
          : withStatementCache(database),
    }
    super(cached)
    this.#config = cached
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter()
  }
}
