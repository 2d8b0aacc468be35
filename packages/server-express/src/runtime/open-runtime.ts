import { mkdir } from 'node:fs/promises'
import {
  createAesGcmKeyVault,
  createEngine,
  createRelaySender,
  type Engine,
  type EngineObserver,
  isLoyaltyError,
  type KeyVault,
  type RelaySender,
  systemClock,
  UnavailableError,
} from '@loyaltykit/engine'
import { type OpenedChain, openChain } from '../chain/open-chain'
import { wasmWalletKeys } from '../chain/wasm-wallet-keys'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import { loadMasterKey } from '../config/master-key'
import { openIdentity } from '../identity/open-identity'
import type { ServerLogger } from '../logging/create-logger'
import { redactText } from '../logging/redact-secrets'
import { withRequestScope } from '../logging/with-request-scope'
import { type OpenedStorage, openStorage } from '../storage/open-storage'

export type OpenRuntimeParameters = {
  config: LoyaltykitConfig
  logger: ServerLogger
  /** Open the chain too (start). Data-only commands (brand, rule, migrate) leave it closed. */
  withChain: boolean
  /** Apply pending migrations (default true). `migrate status` reads them without applying. */
  migrate?: boolean
  /** Receives what the engine and the relay sender did (the server's metrics). */
  observer?: EngineObserver
}

/** Everything a loyaltykit process holds open; `close()` releases it in reverse order. */
export type Runtime = {
  config: LoyaltykitConfig
  logger: ServerLogger
  storage: OpenedStorage
  keyVault: KeyVault
  chain: OpenedChain | undefined
  /** The relayer's transaction pipeline on `chain` (started here; drained and stopped by `close`). */
  relaySender: RelaySender | undefined
  engine: Engine
  /** Applied by this open (empty when the schema was up to date). */
  migrationsApplied: string[]
  close(): Promise<void>
}

/**
 * logger → storage (openStorage) → migrate (unless `migrate: false`) → key vault (master key + AES-256-GCM) → chain (optional)
 * and its relay sender (started) → engine. On a failure, what was opened is closed again before the
 * error propagates. `close()`: relay sender drained (up to `shutdownTimeoutMs`) and stopped → chain
 * → storage.
 */
export async function openRuntime(p: OpenRuntimeParameters): Promise<Runtime> {
  const { config, logger } = p
  const { dataDir, databaseUrl } = config.storage
  await mkdir(dataDir, { recursive: true })
  const storage = await openStorage({ databaseUrl, dataDir, logger })
  let chain: OpenedChain | undefined
  let relaySender: RelaySender | undefined
  const stopRelaySender = async () => {
    if (!relaySender) return
    await relaySender
      .drain({ timeoutMs: config.server.shutdownTimeoutMs })
      .catch((e: unknown) => logger.warn({ err: String(e) }, 'relay sender not drained before shutdown'))
    await relaySender.stop()
  }
  try {
    const unusable = (e: unknown): never => {
      if (isLoyaltyError(e)) throw e
      throw new UnavailableError(
        `Cannot use the database: ${redactText(e instanceof Error ? e.message : String(e))}`,
        'DATABASE_UNAVAILABLE',
        { dialect: storage.dialect },
        e,
      )
    }
    const { applied } =
      p.migrate === false
        ? await storage.ping().then(() => ({ applied: [] as string[] }), unusable)
        : await storage.migrate().catch(unusable)
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated')
    const masterKey = await loadMasterKey({ config: config.storage, logger })
    const keyVault = createAesGcmKeyVault(masterKey)
    if (p.withChain) chain = await openChain({ config: config.chain, storage, keyVault, logger, dataDir })
    // Identity services and constraint-check settings (docs/identity.md).
    const identity = await openIdentity({ config: config.identity, dataDir, logger })
    const engineLogger = withRequestScope(logger)
    if (chain) {
      relaySender = createRelaySender(
        { storage, clock: systemClock, logger: engineLogger, observer: p.observer },
        chain,
      )
      relaySender.start()
    }
    const engine = createEngine({
      storage,
      keyVault,
      ...(chain ? { chain } : {}),
      ...(relaySender ? { relaySender } : {}),
      logger: engineLogger,
      walletKeys: wasmWalletKeys,
      identity,
      constraints: { ...config.constraints, dnsServers: config.eventHandler.dnsServers },
      ...(p.observer ? { observer: p.observer } : {}),
    })
    const optimizing = p.withChain ? scheduleOptimize(storage, logger) : undefined
    let closed = false
    return {
      config,
      logger,
      storage,
      keyVault,
      chain,
      relaySender,
      engine,
      migrationsApplied: applied,
      async close() {
        if (closed) return
        closed = true
        clearInterval(optimizing)
        try {
          await stopRelaySender()
          await chain?.close()
        } finally {
          await storage.close()
        }
      },
    }
  } catch (e) {
    await relaySender?.stop().catch(() => {})
    await chain?.close().catch(() => {})
    await storage.close().catch(() => {})
    throw e
  }
}

/** How often a server refreshes SQLite's planner statistics (docs/performance.md#sqlite-statistics). */
const OPTIMIZE_EVERY_MS = 60 * 60_000

/** A long-running process (`start`) runs `storage.optimize()` every hour, as SQLite recommends for long-lived connections. */
function scheduleOptimize(storage: OpenedStorage, logger: ServerLogger) {
  const timer = setInterval(() => {
    storage.optimize().catch((e: unknown) => logger.warn({ err: (e as Error).message }, 'storage optimize failed'))
  }, OPTIMIZE_EVERY_MS)
  timer.unref()
  return timer
}
