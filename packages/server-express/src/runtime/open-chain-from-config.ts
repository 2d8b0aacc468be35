import type { ChainPort, Storage } from '@loyaltykit/engine'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import type { ServerLogger } from '../logging/create-logger'

/** The chain a runtime holds: the engine's port plus a way to release it. */
export type RuntimeChain = ChainPort & { close(): Promise<void> }

export type OpenChainFromConfigParameters = {
  config: LoyaltykitConfig
  storage: Storage
  logger: ServerLogger
}

/**
 * The embedded dev chain (no LOYALTYKIT_RPC_URL) or a JSON-RPC chain. Undefined while no chain
 * launcher is wired (health then reports the blockchain as `not_configured`).
 */
export async function openChainFromConfig(p: OpenChainFromConfigParameters): Promise<RuntimeChain | undefined> {
  p.logger.warn({ rpcUrl: p.config.rpcUrl !== undefined }, 'no chain launcher wired yet; running without a chain')
  return undefined
}
