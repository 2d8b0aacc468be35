import { resolve } from 'node:path'
import { ConfigError } from '@loyaltykit/engine'
import type { Hex } from 'viem'
import { envSchema, SECRET_ENV_NAMES } from './env-schema'
import type { LoyaltykitConfig } from './loyaltykit-config'

export type LoadConfigOptions = {
  /** Base for relative paths (LOYALTYKIT_DATA_DIR); defaults to process.cwd(). */
  cwd?: string
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

/**
 * Parse the environment into a config. Throws a ConfigError whose message is ONE line naming every
 * invalid variable (values of secret variables are never echoed).
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: LoadConfigOptions = {},
): LoyaltykitConfig {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const raw = env[name]
      const shown = SECRET_ENV_NAMES.has(name) || raw === undefined ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`
      return `${name} ${issue.message}${shown}`
    })
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`, {
      variables: result.error.issues.map((i) => String(i.path[0])),
    })
  }
  const e = result.data
  const cwd = options.cwd ?? process.cwd()
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.LOYALTYKIT_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(cwd, e.LOYALTYKIT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    rpcUrl: e.LOYALTYKIT_RPC_URL,
    minterKey: e.LOYALTYKIT_MINTER_KEY as Hex | undefined,
    deployerKey: (e.LOYALTYKIT_DEPLOYER_KEY ?? e.LOYALTYKIT_MINTER_KEY) as Hex | undefined,
    explorerUrl: e.LOYALTYKIT_EXPLORER_URL?.replace(/\/+$/, ''),
    mintWaitMs: e.LOYALTYKIT_MINT_WAIT_MS,
    mintBatchWindowMs: e.LOYALTYKIT_MINT_BATCH_WINDOW_MS,
    healthTimeoutMs: e.LOYALTYKIT_HEALTH_TIMEOUT_MS,
    shutdownTimeoutMs: e.LOYALTYKIT_SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.LOYALTYKIT_TRUST_PROXY),
    demoBrand: e.LOYALTYKIT_DEMO_BRAND ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    env,
  }
}
