import { type ChainPort, ConfigError, type KeyVault, type Logger, type Storage } from '@loyaltykit/engine'
import type { Hex } from 'viem'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import { gasCapsFromEnv } from './gas-caps-from-env'
import { openRpcChain } from './open-rpc-chain'
import { type StartEmbeddedChainParameters, startEmbeddedChain } from './start-embedded-chain'

export type OpenChainParameters = {
  config: Pick<LoyaltykitConfig, 'rpcUrl' | 'minterKey' | 'explorerUrl' | 'env'>
  storage: Storage
  keyVault: KeyVault
  logger: Logger
  /** Overrides for the embedded chain (tests). */
  embedded?: Partial<Pick<StartEmbeddedChainParameters, 'chainKey' | 'genesis' | 'leaseTtlMs'>>
}

/** The chain a server holds: the engine's ChainPort plus `close()`. */
export type OpenedChain = ChainPort & { close(): Promise<void> }

/**
 * The one entry the server runtime calls: LOYALTYKIT_RPC_URL set → that JSON-RPC chain with
 * LOYALTYKIT_MINTER_KEY (and LOYALTYKIT_RELAYER_KEY); unset → the embedded dev chain, journaled in
 * `storage` so that its state survives restarts. Gas caps from LOYALTYKIT_MAX_FEE_PER_GAS_GWEI and
 * LOYALTYKIT_MAX_GAS. Close it after stopping the minter and before closing the storage.
 */
export async function openChain(p: OpenChainParameters): Promise<OpenedChain> {
  const { config } = p
  const gasCaps = gasCapsFromEnv(config.env)
  if (config.rpcUrl) {
    const relayerKey = config.env.LOYALTYKIT_RELAYER_KEY?.trim() || undefined
    if (relayerKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(relayerKey)) {
      throw new ConfigError(
        'invalid configuration: LOYALTYKIT_RELAYER_KEY must be a 0x-prefixed 32-byte hex private key',
        {
          variables: ['LOYALTYKIT_RELAYER_KEY'],
        },
      )
    }
    return openRpcChain({
      rpcUrl: config.rpcUrl,
      minterKey: config.minterKey,
      relayerKey: relayerKey as Hex | undefined,
      storage: p.storage,
      env: config.env,
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
    ...p.embedded,
  })
}
