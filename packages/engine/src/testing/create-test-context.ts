import { randomBytes } from 'node:crypto'
import type { EngineContext } from '../context'
import { systemClock } from '../ports/clock'
import { randomIds } from '../ports/ids'
import { silentLogger } from '../ports/logger'
import type { Storage } from '../ports/storage'
import { createRelaySender } from '../relay/relay-sender'
import { createAesGcmKeyVault } from '../wallets/aes-gcm-key-vault'

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
