import type { Hex } from 'viem'

/** The parsed, validated configuration of one loyaltykit process (see docs/configuration.md). */
export type LoyaltykitConfig = {
  port: number
  /** Interface to listen on; undefined = all interfaces. */
  host: string | undefined
  /** Base URL clients use to reach this server (printed in curls); defaults to http://localhost:PORT. */
  publicUrl: string
  /** Absolute path of the data folder (SQLite file, dev master key, embedded chain state). */
  dataDir: string
  /** undefined = SQLite file in the data folder. */
  databaseUrl: string | undefined
  /** undefined = the embedded dev chain. */
  rpcUrl: string | undefined
  minterKey: Hex | undefined
  /** Key that deploys contracts (`loyaltykit contracts deploy`); defaults to the minter key. */
  deployerKey: Hex | undefined
  explorerUrl: string | undefined
  /** How long a request waits for its mint job's transaction hash. */
  mintWaitMs: number
  /** Group-commit window of the minter. */
  mintBatchWindowMs: number
  /** Per-probe timeout of the health, diagnostic and readiness checks. */
  healthTimeoutMs: number
  /** Grace period for in-flight requests on SIGINT/SIGTERM. */
  shutdownTimeoutMs: number
  /** Express `trust proxy` setting. */
  trustProxy: boolean | number | string
  /** Create a demo brand when the database holds no brand (default: not in production). */
  demoBrand: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  nodeEnv: 'development' | 'production' | 'test'
  /** The raw environment, for loaders owned elsewhere (e.g. loadMasterKey reads LOYALTYKIT_MASTER_KEY). */
  env: Readonly<Record<string, string | undefined>>
}
