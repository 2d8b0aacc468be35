import type { DatabaseConnection, Dialect, Driver } from 'kysely'
import type { PoolStats } from './pool-stats'

/**
 * `dialect` (SQLite: one connection, which kysely lends to one query or transaction at a time), with
 * counts of who holds and who waits for that connection: the SQLite side of the pool gauges. Two
 * integer updates per query.
 */
export function countSqliteConnection(dialect: Dialect): { dialect: Dialect; stats(): PoolStats } {
  let busy = 0
  let waiting = 0
  const count = (driver: Driver): Driver => {
    const acquire = driver.acquireConnection.bind(driver)
    const release = driver.releaseConnection.bind(driver)
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      waiting++
      try {
        const connection = await acquire()
        busy++
        return connection
      } finally {
        waiting--
      }
    }
    driver.releaseConnection = async (connection) => {
      busy--
      await release(connection)
    }
    return driver
  }
  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => count(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    stats: () => ({ dialect: 'sqlite', total: 1, idle: busy > 0 ? 0 : 1, waiting, max: 1 }),
  }
}
