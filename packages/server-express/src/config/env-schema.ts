import { z } from 'zod'

const HEX_KEY = /^0x[0-9a-fA-F]{64}$/

/** Empty strings in the environment mean "unset" (a common result of `FOO= cmd`). */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
}

function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess((v) => (v === '' || v === undefined ? fallback : v), schema)
}

const integer = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int({ error: `must be ${what}` })
    .min(min, { error: `must be ${what}` })
    .max(max, { error: `must be ${what}` })

const httpUrl = z.url({ protocol: /^(https?|wss?)$/, error: 'must be an http(s):// or ws(s):// URL' })

const databaseUrl = z.string().refine((v) => /^(postgres|postgresql):\/\/./.test(v) || /^(sqlite|file):./.test(v), {
  error: 'must be a postgres:// (or postgresql://) URL, or sqlite:<path> / file:<path>',
})

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/**
 * Every environment variable loyaltykit reads, with its default. docs/configuration.md documents each
 * one; keep the two in step. Names of variables that hold secrets are listed in `SECRET_ENV_NAMES` so
 * their values are never echoed in error messages.
 */
export const envSchema = z.object({
  PORT: withDefault(integer(0, 65535, 'an integer between 0 and 65535'), '3000'),
  HOST: optional(z.string().min(1)),
  LOYALTYKIT_PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  LOYALTYKIT_DATA_DIR: withDefault(z.string().min(1), './.loyaltykit'),
  DATABASE_URL: optional(databaseUrl),
  LOYALTYKIT_RPC_URL: optional(httpUrl),
  LOYALTYKIT_MINTER_KEY: optional(
    z.string().regex(HEX_KEY, { error: 'must be a 0x-prefixed 32-byte hex private key' }),
  ),
  LOYALTYKIT_DEPLOYER_KEY: optional(
    z.string().regex(HEX_KEY, { error: 'must be a 0x-prefixed 32-byte hex private key' }),
  ),
  LOYALTYKIT_MASTER_KEY: optional(z.string().min(1)),
  LOYALTYKIT_EXPLORER_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  LOYALTYKIT_MINT_WAIT_MS: withDefault(integer(0, 600_000, 'an integer number of milliseconds (0-600000)'), '20000'),
  LOYALTYKIT_MINT_BATCH_WINDOW_MS: withDefault(integer(0, 10_000, 'an integer number of milliseconds (0-10000)'), '5'),
  LOYALTYKIT_HEALTH_TIMEOUT_MS: withDefault(
    integer(50, 60_000, 'an integer number of milliseconds (50-60000)'),
    '2000',
  ),
  LOYALTYKIT_SHUTDOWN_TIMEOUT_MS: withDefault(
    integer(0, 600_000, 'an integer number of milliseconds (0-600000)'),
    '10000',
  ),
  LOYALTYKIT_TRUST_PROXY: withDefault(
    z.string().regex(/^(false|true|\d{1,2}|[\w.:/, -]+)$/, {
      error: 'must be false, true, a hop count or a list of subnets',
    }),
    'false',
  ),
  LOYALTYKIT_DEMO_BRAND: optional(booleanFlag),
  LOG_LEVEL: withDefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
    'info',
  ),
  NODE_ENV: withDefault(
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }),
    'development',
  ),
})

export type Env = z.output<typeof envSchema>

/** Variables whose values must never appear in messages or logs. */
export const SECRET_ENV_NAMES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'LOYALTYKIT_MINTER_KEY',
  'LOYALTYKIT_DEPLOYER_KEY',
  'LOYALTYKIT_MASTER_KEY',
])
