import { Gauge, type Registry } from 'prom-client'
import type { PoolStats } from '../storage/pool-stats'

/** What the server process holds that its gauges read at each scrape (no I/O: plain reads). */
export type RuntimeSources = {
  /** The database connections of this process. */
  pool?: (() => PoolStats) | undefined
  /** Whether this process's minter holds the minter lease (no minter: 0). */
  minterLeaseHeld?: (() => boolean) | undefined
}

/** Registers the gauges over `sources` (read when scraped). `watch` replaces the sources. */
export function createRuntimeMetrics(registry: Registry): { watch(sources: RuntimeSources): void } {
  let sources: RuntimeSources = {}
  const registers = [registry]
  const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['dialect'],
      registers,
      collect() {
        this.reset()
        const stats = sources.pool?.()
        if (stats) this.set({ dialect: stats.dialect }, pick(stats))
      },
    })
  pool(
    'loyaltykit_db_pool_connections',
    'Database connections open in this process (SQLite: its one connection).',
    (s) => s.total,
  )
  pool('loyaltykit_db_pool_idle', 'Database connections open and idle.', (s) => s.idle)
  pool(
    'loyaltykit_db_pool_waiting',
    'Queries and transactions waiting for a database connection (PostgreSQL: the pool is exhausted; SQLite: queued behind the one connection).',
    (s) => s.waiting,
  )
  pool('loyaltykit_db_pool_max', 'Most database connections this process opens.', (s) => s.max)
  new Gauge({
    name: 'loyaltykit_minter_lease_held',
    help: "1 when this process's minter holds the minter lease (works the mint queue); across processes the sum should be 1.",
    registers,
    collect() {
      this.set(sources.minterLeaseHeld?.() ? 1 : 0)
    },
  })
  return {
    watch(next) {
      sources = { ...sources, ...next }
    },
  }
}
