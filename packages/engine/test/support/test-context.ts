import { randomBytes } from 'node:crypto'
import {
  createAesGcmKeyVault,
  createRelaySender,
  type EngineContext,
  randomIds,
  type Storage,
  silentLogger,
  systemClock,
} from '@loyaltykit/engine'

/**
 * An EngineContext over a test storage: AES-GCM key vault under a random master key, system clock,
 * random ids, silent logger, no chain. Override any part. With a `chain` (and no `relaySender`), a
 * relay sender for it is created (not started: its first group recovers what was stored).
 */
export function createTestContext(storage: Storage, overrides: Partial<EngineContext> = {}): EngineContext {
  const ctx: EngineContext = {
    storage,
    keyVault: createAesGcmKeyVault(randomBytes(32)),
    chain: undefined,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    ...overrides,
  }
  if (ctx.chain && !ctx.relaySender) ctx.relaySender = createRelaySender(ctx, ctx.chain)
  return ctx
}
