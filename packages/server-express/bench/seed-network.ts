/**
 * `pnpm seed:network [--entries 1000000] [--users 100000] [--brands 200] [--data DIR] [--postgres]`:
 * a realistic network in a database, quickly (docs/performance.md#seednetwork). The database is the
 * one `loyaltykit start` uses with this environment: SQLite in the data folder (LOYALTYKIT_DATA_DIR,
 * or --data), or with --postgres the database of DATABASE_URL. It must hold no reward events yet, and
 * no server may run on it while it is seeded (the embedded chain records the perks).
 */
import { loadConfig } from '../src/config/load-config'
import { seedNetworkData } from './support/seed-network-data'
import { parseSeedOptions } from './support/seed-options'

const progress = (line: string) => process.stderr.write(`seed:network: ${line}\n`)
try {
  const options = parseSeedOptions(process.argv.slice(2))
  const env: NodeJS.ProcessEnv = { ...process.env }
  if (!options.postgres) delete env.DATABASE_URL
  if (options.data) env.LOYALTYKIT_DATA_DIR = options.data
  const config = loadConfig(env, { cwd: process.cwd() })
  const where = config.storage.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.storage.dataDir}`
  progress(`seeding ${where}`)
  const r = await seedNetworkData({ config, ...options, progress })
  process.stdout.write(
    [
      `seeded       ${where}`,
      `brands       ${r.brands} (${r.perks} perks on the chain, categories and descriptions) in ${r.seconds.brands.toFixed(1)} s`,
      `users        ${r.users} (custodial wallets)`,
      `entries      ${r.entries} ledger entries: ${Object.entries(r.kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
      `events       ${r.rewardEvents} reward events, ${r.claimCounters} claim counters`,
      `redemptions  ${r.perkRedemptions} perk_redemptions rows (the site plugin's claims; the others relayed: ledger only)`,
      `history      ${r.seconds.history.toFixed(1)} s`,
      '',
    ].join('\n'),
  )
  if (options.json) process.stdout.write(`${JSON.stringify(r)}\n`)
} catch (e) {
  process.stderr.write(`seed:network failed: ${(e as Error).stack ?? e}\n`)
  process.exit(1)
}
