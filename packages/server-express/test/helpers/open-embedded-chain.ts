import { type KeyVault, type Storage, silentLogger } from '@loyaltykit/engine'
import { openChain } from '../../src/chain/open-chain'
import type { EmbeddedChain } from '../../src/chain/start-embedded-chain'
import { loadConfig } from '../../src/config/load-config'

/** The embedded chain of `storage`, opened as the server opens it (no RPC URL configured). */
export function openEmbeddedChain(storage: Storage, keyVault: KeyVault): Promise<EmbeddedChain> {
  return openChain({
    config: loadConfig({}).chain,
    storage,
    keyVault,
    logger: silentLogger,
  }) as Promise<EmbeddedChain>
}
