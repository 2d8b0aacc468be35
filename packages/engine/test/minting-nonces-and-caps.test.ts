import { randomBytes } from 'node:crypto'
import { type EngineContext, isLoyaltyError } from '@loyaltykit/engine'
import { type Hex, keccak256 } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEST_PRIVATE_KEYS } from '../../contracts/test/edr'
import { diagnoseNonceTooLow } from '../src/chain/diagnose-nonce-too-low'
import { getMintJob } from '../src/minting/get-mint-job'
import { waitForMint } from '../src/minting/wait-for-mint'
import type { MintingTestChain } from './minting-test-chain'
import { address, useMintingPipelineWorld, WEI } from './support/minting-pipeline-world'
import { testDatabases } from './support/test-databases'

describe.each(testDatabases())('minting: nonces and gas caps on $dialect with the EDR chain', (db) => {
  const w = useMintingPipelineWorld(db)
  const { t, minter, enqueue } = w
  let testChain: MintingTestChain
  let ctx: EngineContext
  beforeAll(() => {
    ;({ testChain, ctx } = w)
  })

  it('"nonce too low" is diagnosed: a nonce used by someone else → resync and re-sign with a fresh nonce', async () => {
    const m = minter()
    // Let the minter take its lease and resync its nonces, then use its next nonce behind its back.
    const to = address()
    await enqueue([{ key: `warmup:${to}`, to, amount: 1 }])
    await m.drain({ timeoutMs: 10_000 })
    const minterAccount = testChain.chain.minter
    const nonce = await testChain.publicClient.getTransactionCount({ address: minterAccount.address })
    const scope = { chainId: 31337, address: minterAccount.address.toLowerCase() }
    expect((await t.storage.nonces.peek(scope)).next).toBe(nonce)
    const foreign = await minterAccount.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: address() as Hex,
      value: 0n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    await testChain.rpc('eth_sendRawTransaction', [foreign])

    const victim = address()
    const [jobId] = await enqueue([{ key: `nonce-victim:${victim}`, to: victim, amount: 42 }])
    const result = await waitForMint(ctx, { jobId: jobId! }, { timeoutMs: 10_000 })
    expect(result.status).toBe('confirmed')
    expect(await testChain.balanceOf(victim)).toBe(42n * WEI)
    const job = await getMintJob(ctx, { jobId: jobId! })
    const attempts = await t.storage.mint.listTransactions(job!.batchId!)
    expect(attempts.map((a) => [a.nonce, a.status])).toEqual([
      [nonce, 'dropped'],
      [nonce + 1, 'mined'],
    ])
    expect(attempts[0]?.error).toContain('nonce used by another transaction')
    expect((await t.storage.nonces.peek(scope)).next).toBe(nonce + 2)
    await m.stop()
  })

  it('refuses to sign over the gas-price cap: jobs stay pending, nothing is broadcast; a normal cap mints them', async () => {
    const to = address()
    const [jobId] = await enqueue([{ key: `capped:${to}`, to, amount: 5 }])
    const nonceBefore = await testChain.publicClient.getTransactionCount({ address: testChain.chain.minter.address })
    const capped = minter({ gasCaps: { maxFeePerGas: 1_000n, maxGas: 16_000_000n } })
    await new Promise((r) => setTimeout(r, 300))
    expect(capped.stats().lastError).toMatch(/cap/)
    expect((await getMintJob(ctx, { jobId: jobId! }))?.status).toBe('pending')
    expect(await testChain.publicClient.getTransactionCount({ address: testChain.chain.minter.address })).toBe(
      nonceBefore,
    )
    await capped.stop()

    const m = minter()
    expect((await waitForMint(ctx, { jobId: jobId! }, { timeoutMs: 10_000 })).status).toBe('confirmed')
    expect(await testChain.balanceOf(to)).toBe(5n * WEI)
    await m.stop()
  })

  it('keeps each transaction under the gas-limit cap by shrinking batches', async () => {
    const jobs = Array.from({ length: 25 }, (_, i) => ({
      key: `small-cap:${i}:${randomBytes(3).toString('hex')}`,
      to: address(),
      amount: 1,
    }))
    const ids = await enqueue(jobs)
    // (1,000,000 − 100,000) / 28,000 → 32 jobs at most; ask for batches of 10 at a 400,000 cap → 10.
    const m = minter({ gasCaps: { maxFeePerGas: 100_000_000_000n, maxGas: 400_000n }, maxBatchSize: 500 })
    await m.drain({ timeoutMs: 15_000 })
    await m.stop()
    const batchIds = new Set<string>()
    for (const id of ids) batchIds.add((await getMintJob(ctx, { jobId: id }))!.batchId!)
    for (const batchId of batchIds) {
      const batch = await t.storage.mint.getBatch(batchId)
      expect(batch!.jobCount).toBeLessThanOrEqual(10)
      const receipt = await testChain.publicClient.getTransactionReceipt({ hash: batch!.txHash as Hex })
      expect(receipt.status).toBe('success')
      const tx = await testChain.publicClient.getTransaction({ hash: batch!.txHash as Hex })
      expect(tx.gas).toBeLessThanOrEqual(400_000n)
    }
    for (const j of jobs) expect(await testChain.balanceOf(j.to)).toBe(WEI)
  })

  it('diagnoseNonceTooLow tells "ours is mined", "used by someone else" and "not used yet" apart', async () => {
    const relayer = testChain.chain.relayer
    const nonce = await testChain.publicClient.getTransactionCount({ address: relayer.address })
    const tx = (n: number, value: bigint) =>
      relayer.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: address() as Hex,
        value,
        nonce: n,
        gas: 21_000n,
        maxFeePerGas: 10_000_000_000n,
        maxPriorityFeePerGas: 1n,
      })
    const ours = await tx(nonce, 1n)
    const theirs = await tx(nonce, 2n)
    await testChain.rpc('eth_sendRawTransaction', [ours])
    const client = testChain.publicClient
    const mined = await diagnoseNonceTooLow(client, { address: relayer.address, nonce, txHashes: [keccak256(ours)] })
    expect(mined).toMatchObject({ verdict: 'mined', chainNonce: nonce + 1 })
    const other = await diagnoseNonceTooLow(client, { address: relayer.address, nonce, txHashes: [keccak256(theirs)] })
    expect(other).toEqual({ verdict: 'used_by_other', chainNonce: nonce + 1 })
    const free = await diagnoseNonceTooLow(client, {
      address: relayer.address,
      nonce: nonce + 3,
      txHashes: [keccak256(await tx(nonce + 3, 3n))],
    })
    expect(free).toEqual({ verdict: 'not_used', chainNonce: nonce + 1 })
  })

  it('signing is refused over the caps for any signer wrapped withGasCaps', async () => {
    const error = await testChain.chain.relayer
      .signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: address() as Hex,
        nonce: 0,
        gas: 17_000_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      })
      .catch((e: unknown) => e)
    expect(isLoyaltyError(error) && error.code).toBe('GAS_LIMIT_CAP_EXCEEDED')
    const pricey = await testChain.chain.relayer
      .signTransaction({
        chainId: 31337,
        type: 'legacy',
        to: address() as Hex,
        nonce: 0,
        gas: 21_000n,
        gasPrice: 101_000_000_000n,
      })
      .catch((e: unknown) => e)
    expect(isLoyaltyError(pricey) && pricey.code).toBe('GAS_PRICE_CAP_EXCEEDED')
    const ok = await testChain.chain.relayer.signTransaction({
      chainId: 31337,
      type: 'legacy',
      to: address() as Hex,
      nonce: 0,
      gas: 21_000n,
      gasPrice: 100_000_000_000n,
    })
    expect(keccak256(ok)).toMatch(/^0x/)
    expect(TEST_PRIVATE_KEYS.length).toBeGreaterThan(2)
  })
})
