import type { ChainPort, KeyVault, Logger, Storage } from '@loyaltykit/engine'
import type { ChainConfig } from '../config/chain-section'
import { openRpcChain } from './open-rpc-chain'
import { type StartEmbeddedChainParameters, startEmbeddedChain } from './start-embedded-chain'

export type OpenChainParameters = {
  config: Pick<ChainConfig, 'rpcUrl' | 'minterKey' | 'relayerKey' | 'explorerUrl' | 'gasCaps' | 'contracts'>
  storage: Storage
  keyVault: KeyVault
  logger: Logger
  /** The data folder: holds the embedded chain's OS lock (`embedded-chain.lock`). The server always passes it. */
  dataDir?: string
  /** Overrides for the embedded chain (tests). */
  embedded?: Partial<Pick<StartEmbeddedChainParameters, 'chainKey' | 'genesis' | 'leaseTtlMs'>>
}

/** The chain a server holds: the engine's ChainPort plus `close()`. */
export type OpenedChain = ChainPort & { close(): Promise<void> }

/**
 * The one entry the server runtime calls (config: loadConfig's `chain` section): an RPC URL → that
 * JSON-RPC chain with the minter (and relayer) key; none → the embedded dev chain, journaled in
 * `storage` so that its state survives restarts. Close it after stopping the minter and before
 * closing the storage.
 */
export async function openChain(p: OpenChainParameters): Promise<OpenedChain> {
  const { config } = p
  const { gasCaps } = config
  if (config.rpcUrl) {
    return openRpcChain({
      rpcUrl: config.rpcUrl,
      minterKey: config.minterKey,
      relayerKey: config.relayerKey,
      storage: p.storage,
      contracts: config.contracts,
      gasCaps,
      explorerUrl: config.explorerUrl,
      logger: p.logger,
    })
  }
  return startEmbeddedChain({
    storage: p.storage,
    keyVault: p.keyVault,
    logger: p.logger,
    gasCaps,
    ...(config.explorerUrl ? { explorerUrl: config.explorerUrl } : {}),
    ...(p.dataDir ? { dataDir: p.dataDir } : {}),
    ...p.embedded,
  })
}
