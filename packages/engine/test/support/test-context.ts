import { randomBytes } from 'node:crypto'
import {
  createAesGcmKeyVault,
  type EngineContext,
  randomIds,
  type Storage,
  silentLogger,
  systemClock,
} from '@loyaltykit/engine'

/**
 * An EngineContext over a test storage: AES-GCM key vault under a random master key, system clock,
 * random ids, silent logger, no chain. Override any part.
 */
export function createTestContext(storage: Storage, overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    storage,
    keyVault: createAesGcmKeyVault(randomBytes(32)),
    chain: undefined,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    ...overrides,
  }
}
