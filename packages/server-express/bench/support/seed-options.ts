import { parseArgs } from 'node:util'

/** The command line of `pnpm seed:network` (and the seeding part of `pnpm bench:agent`). */
export type SeedOptions = {
  entries: number
  users: number
  brands: number
  /** Data folder (SQLite, the master key); default LOYALTYKIT_DATA_DIR's. */
  data: string | undefined
  postgres: boolean
  json: boolean
}

const SEED_OPTIONS = {
  entries: { type: 'string' },
  users: { type: 'string' },
  brands: { type: 'string' },
  data: { type: 'string' },
  postgres: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const

/** A positive integer flag, or an error naming it. */
export function integerOption(name: string, v: string | undefined, fallback: number, min = 1): number {
  if (v === undefined) return fallback
  const n = Number(v.replaceAll('_', ''))
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min} (got ${v})`)
  return n
}

/**
 * `--entries` (default 1,000,000), `--users` (default 100,000, or a tenth of --entries when only that
 * is given, at least 1), `--brands` (default 200, at most --users).
 */
export function seedSizes(values: {
  entries?: string | undefined
  users?: string | undefined
  brands?: string | undefined
}) {
  const entries = integerOption('entries', values.entries, 1_000_000)
  const users = integerOption(
    'users',
    values.users,
    values.entries === undefined ? 100_000 : Math.min(100_000, Math.max(1, Math.floor(entries / 10))),
  )
  const brands = integerOption('brands', values.brands, Math.min(200, users))
  if (entries < users)
    throw new Error(`--entries (${entries}) must be at least --users (${users}): every user has an entry`)
  return { entries, users, brands }
}

export function parseSeedOptions(argv: string[]): SeedOptions {
  const { values } = parseArgs({ args: argv.filter((a) => a !== '--'), options: SEED_OPTIONS })
  return { ...seedSizes(values), data: values.data, postgres: values.postgres, json: values.json }
}
