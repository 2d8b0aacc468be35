import { randomBytes } from 'node:crypto'
import type { EngineContext, Minter, MinterOptions } from '@loyaltykit/engine'
import { createTestContext, enqueueMint } from '@loyaltykit/engine/testing'
import { afterAll, beforeAll } from 'vitest'
import { createMinter } from '../../src/minting/create-minter'
import { type MintingTestChain, startMintingTestChain } from '../minting-test-chain'
import { type TestDatabase, useTestStorage } from './test-databases'

export const WEI = 10n ** 18n
export const address = () => `0x${randomBytes(20).toString('hex')}`

/**
 * The world of the minting pipeline suites: fresh storage, the EDR chain and a context on it
 * (set in `beforeAll`); `minter()` starts a minter that is stopped after the suite, `enqueue()`
 * enqueues mint jobs in one transaction.
 */
export function useMintingPipelineWorld(db: TestDatabase) {
  const t = useTestStorage(db)
  const minters: Minter[] = []
  const w = {
    t,
    testChain: undefined as unknown as MintingTestChain,
    ctx: undefined as unknown as EngineContext,
    minter,
    enqueue,
  }

  beforeAll(async () => {
    w.testChain = await startMintingTestChain()
    w.ctx = createTestContext(t.storage, { chain: w.testChain.chain })
  })
  afterAll(async () => {
    await Promise.all(minters.map((m) => m.stop()))
    await w.testChain?.close()
  })

  function minter(options: MinterOptions = {}, context = w.ctx) {
    const m = createMinter(context, { pollIntervalMs: 20, retryBaseMs: 20, ...options })
    minters.push(m)
    m.start()
    return m
  }

  async function enqueue(jobs: Array<{ key: string; to: string; amount: number }>) {
    return t.storage.transaction(async (tx) => {
      const ids: string[] = []
      for (const j of jobs)
        ids.push((await enqueueMint(tx, { idempotencyKey: j.key, to: j.to, amount: j.amount, source: 'test' })).jobId)
      return ids
    })
  }

  return w
}
