/** The database connections of one process, as the `loyaltykit_db_pool_*` gauges show them. */
export type PoolStats = {
  dialect: 'sqlite' | 'postgres'
  /** Connections open (SQLite: 1). */
  total: number
  /** Open connections not running a query or transaction. */
  idle: number
  /** Queries and transactions waiting for a connection. */
  waiting: number
  /** Most connections this process opens (SQLite: 1). */
  max: number
}
