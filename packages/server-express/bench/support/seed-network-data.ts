import type { LoyaltykitConfig } from '../../src/config/loyaltykit-config'
import { createLogger } from '../../src/logging/create-logger'
import { openRuntime } from '../../src/runtime/open-runtime'
import { openBenchKysely } from './bench-kysely'
import { backdateBrands, seedBrands } from './seed-brands'
import { type SeedHistoryResult, seedHistory } from './seed-history'
import { seedRandom } from './seed-random'

export type SeedNetworkPlan = {
  /** The configuration `loyaltykit start` will run with (its data folder and database are seeded). */
  config: LoyaltykitConfig
  entries: number
  users: number
  brands: number
  /** Seed of the generator (same seed, same network). */
  seed?: number
  progress?: (line: string) => void
}

export type SeedNetworkResult = SeedHistoryResult & {
  brands: number
  perks: number
  seconds: { brands: number; history: number }
}

/**
 * `pnpm seed:network` (docs/performance.md#seednetwork): brands, their rules and perks through the
 * engine (perks on the chain, which must not be open in another process: stop the server first), then
 * the users' history written in bulk (seed-history.ts). Refuses a database that already has reward
 * events (seed an empty data folder or database).
 */
export async function seedNetworkData(plan: SeedNetworkPlan): Promise<SeedNetworkResult> {
  const progress = plan.progress ?? (() => {})
  const random = seedRandom(plan.seed ?? 20261124)
  const now = Date.now()
  const started = performance.now()
  const runtime = await openRuntime({ config: plan.config, logger: createLogger({ level: 'silent' }), withChain: true })
  let brands: Awaited<ReturnType<typeof seedBrands>>
  try {
    const check = openBenchKysely(plan.config.storage)
    const existing = await check
      .selectFrom('reward_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
      .finally(() => check.destroy())
    if (Number(existing?.n ?? 0) > 0) {
      throw new Error('the database already has reward events: seed an empty data folder or database')
    }
    progress(`creating ${plan.brands} brands with their rules and perks (perks on the chain)…`)
    brands = await seedBrands(runtime.engine, plan.brands, random)
  } finally {
    await runtime.close()
  }
  const brandSeconds = (performance.now() - started) / 1000
  progress(`writing ${plan.entries} ledger entries of ${plan.users} users…`)
  const db = openBenchKysely(plan.config.storage)
  try {
    await backdateBrands(db, brands, now)
    let shown = 0
    const history = await seedHistory(db, {
      brands,
      users: plan.users,
      entries: plan.entries,
      now,
      keyVault: runtime.keyVault,
      random,
      dialect: plan.config.storage.databaseUrl ? 'postgres' : 'sqlite',
      onStep: progress,
      onProgress: (done) => {
        if (done - shown < 100_000) return
        shown = done
        progress(`  ${done} entries`)
      },
    })
    return {
      ...history,
      brands: brands.length,
      perks: brands.reduce((n, b) => n + b.perks.length, 0),
      seconds: { brands: brandSeconds, history: (performance.now() - started) / 1000 - brandSeconds },
    }
  } finally {
    await db.destroy()
  }
}
