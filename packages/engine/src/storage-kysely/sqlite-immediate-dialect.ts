import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely'

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
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter()
  }
}
