import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLoyaltyError } from '@loyaltykit/engine'
import { relaySenderOf } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/load-config'
import { createLogger } from '../logging/create-logger'
import { openRuntime } from './open-runtime'

describe('openRuntime', () => {
  it('owns the relay sender: created and started with the chain, handed to the engine, drained and stopped by close()', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lk-runtime-'))
    const env = { LOYALTYKIT_DATA_DIR: dir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'), NODE_ENV: 'test' }
    const logger = createLogger({ level: 'silent' })
    try {
      const withoutChain = await openRuntime({ config: loadConfig(env), logger, withChain: false })
      expect(withoutChain.relaySender).toBeUndefined()
      expect(withoutChain.engine.ctx.relaySender).toBeUndefined()
      await withoutChain.close()

      const runtime = await openRuntime({ config: loadConfig(env), logger, withChain: true })
      const sender = runtime.relaySender
      expect(sender).toBeDefined()
      expect(runtime.engine.ctx.relaySender).toBe(sender)
      expect(relaySenderOf(runtime.engine.ctx)).toBe(sender)
      const engine = runtime.engine
      const { brand } = await engine.brands.create({ name: 'Rt', websites: ['https://rt.example'] })
      // createPerk sends through the runtime's sender (its start recovered first).
      await engine.perks.create({ brandId: brand.id, name: 'Pin', price: 0 })
      expect(sender?.stats()).toMatchObject({ sent: 1, recoveries: 1 })
      await runtime.close()

      // Closed: the sender refuses new work instead of signing on a closed chain.
      const refused = await sender
        ?.send({
          kind: 'call',
          to: `0x${'00'.repeat(20)}`,
          data: '0x',
          gas: 21_000n,
          functionName: 'ping',
          userAddress: null,
          brandId: null,
        })
        .catch((e: unknown) => e)
      expect(isLoyaltyError(refused) && refused.code).toBe('RELAY_SENDER_STOPPED')

      // A second runtime of the same process gets a sender of its own (no process-wide singleton).
      const again = await openRuntime({ config: loadConfig(env), logger, withChain: true })
      expect(again.relaySender).toBeDefined()
      expect(again.relaySender).not.toBe(sender)
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
