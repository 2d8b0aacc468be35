import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { lockEmbeddedChain } from './lock-embedded-chain'

describe('lockEmbeddedChain', () => {
  it('refuses a second hold of the lock file at once, and hands the same lock id to the next holder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lk-lock-'))
    try {
      const file = join(dir, 'embedded-chain.lock')
      const first = lockEmbeddedChain(file)
      const t0 = performance.now()
      const refused = (() => {
        try {
          return lockEmbeddedChain(file)
        } catch (e) {
          return e
        }
      })()
      expect(performance.now() - t0).toBeLessThan(1_000)
      expect(isLoyaltyError(refused) && refused.code).toBe('EMBEDDED_CHAIN_IN_USE')
      expect(isLoyaltyError(refused) && refused.message).toMatch(
        /running in another process \(it holds .*embedded-chain\.lock\)/,
      )
      first.release()
      first.release()
      const next = lockEmbeddedChain(file)
      expect(next.id).toBe(first.id)
      next.release()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
