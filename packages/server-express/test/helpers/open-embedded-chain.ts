import { type KeyVault, type Storage, silentLogger } from '@loyaltykit/engine'
import { openChain } from '../../src/chain/open-chain'
import type { EmbeddedChain } from '../../src/chain/start-embedded-chain'

/** The embedded chain of `storage`, opened as the server opens it (no RPC URL configured). */
export function openEmbeddedChain(storage: Storage, keyVault: KeyVault): Promise<EmbeddedChain> {
  return openChain({
    config: { rpcUrl: undefined, minterKey: undefined, explorerUrl: undefined, env: {} },
    storage,
    keyVault,
    logger: silentLogger,
  }) as Promise<EmbeddedChain>
}
