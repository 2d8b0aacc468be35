import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { EngineContext } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import { encodeFunctionData, type Hex, keccak256 } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { getMintJob } from '../src/minting/get-mint-job'
import { waitForMint } from '../src/minting/wait-for-mint'
import type { MintingTestChain } from './minting-test-chain'
import { address, useMintingPipelineWorld, WEI } from './support/minting-pipeline-world'
import { testDatabases } from './support/test-databases'

// Nonces used by someone else and the gas caps: minting-nonces-and-caps.test.ts.
describe.each(testDatabases())('minting pipeline on $dialect with the EDR chain', (db) => {
  const w = useMintingPipelineWorld(db)
  const { t, minter, enqueue } = w
  let testChain: MintingTestChain
  let ctx: EngineContext
  beforeAll(() => {
    ;({ testChain, ctx } = w)
  })

  it('1,000 jobs give exactly 1,000 mints, in batches of at most maxBatchSize', async () => {
    const supplyBefore = await testChain.totalSupply()
    const recipients = Array.from({ length: 700 }, address)
    const jobs = Array.from({ length: 1000 }, (_, i) => ({
      key: `bulk:${i}`,
      to: recipients[i % recipients.length]!,
      amount: 1 + (i % 37),
    }))
    const expected = new Map<string, bigint>()
    for (const j of jobs) expected.set(j.to, (expected.get(j.to) ?? 0n) + BigInt(j.amount) * WEI)
    const ids: string[] = []
    for (let i = 0; i < jobs.length; i += 100) ids.push(...(await enqueue(jobs.slice(i, i + 100))))

    const m = minter({ maxBatchSize: 300 })
    await m.drain({ timeoutMs: 30_000 })
    await m.stop()

    for (const [to, amount] of expected) expect(await testChain.balanceOf(to)).toBe(amount)
    const total = [...expected.values()].reduce((a, b) => a + b, 0n)
    expect((await testChain.totalSupply()) - supplyBefore).toBe(total)
    const logs = await testChain.batchMintedLogs()
    expect(logs.reduce((n, l) => n + l.count, 0n)).toBe(1000n)
    for (const l of logs) expect(l.count).toBeLessThanOrEqual(300n)
    const hashes = new Set(logs.map((l) => l.transactionHash))
    for (const id of ids) {
      const job = await getMintJob(ctx, { jobId: id })
      expect(job?.status).toBe('confirmed')
      expect(hashes.has(job!.txHash!)).toBe(true)
    }
    expect(m.stats()).toMatchObject({ jobsConfirmed: 1000, leaseHeld: false })
  })

  it('the same idempotency key twice gives one job and one mint; waitForMint returns its hash', async () => {
    const to = address()
    const first = await t.storage.transaction((tx) =>
      enqueueMint(tx, { idempotencyKey: 'payment:cs_twice', to, amount: 250, source: 'payment' }),
    )
    const second = await t.storage.transaction((tx) =>
      enqueueMint(tx, { idempotencyKey: 'payment:cs_twice', to, amount: 250, source: 'payment' }),
    )
    expect(second).toMatchObject({ jobId: first.jobId, created: false })
    const pending = await waitForMint(ctx, { jobId: first.jobId }, { timeoutMs: 0 })
    expect(pending.status).toBe('pending')

    const m = minter()
    const started = Date.now()
    const result = await waitForMint(ctx, { jobId: first.jobId }, { timeoutMs: 10_000 })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(result.status).toBe('confirmed')
    const receipt = await testChain.publicClient.getTransactionReceipt({ hash: result.txHash! })
    expect(receipt.status).toBe('success')
    expect(await testChain.balanceOf(to)).toBe(250n * WEI)
    await m.stop()
  })

  it('a batch already minted on chain (BatchAlreadyMinted) is confirmed with the minting transaction, never minted twice', async () => {
    const to = address()
    await enqueue([{ key: `already:${to}`, to, amount: 9 }])
    const batchId = `0x${randomBytes(32).toString('hex')}`
    const jobs = await t.storage.transaction((tx) =>
      tx.mint.claimJobs({
        batchId,
        chainId: 31337,
        signer: testChain.chain.minter.address,
        limit: 10,
        now: Date.now(),
      }),
    )
    expect(jobs.map((j) => j.to)).toContain(to.toLowerCase())
    // Another attempt of this batch (e.g. signed before a crash, record lost) minted it already.
    const minterAccount = testChain.chain.minter
    const nonce = await testChain.publicClient.getTransactionCount({ address: minterAccount.address })
    const raw = await minterAccount.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: testChain.chain.contracts.pointsToken,
      data: encodeFunctionData({
        abi: pointsTokenAbi,
        functionName: 'mintBatch',
        args: [batchId as Hex, jobs.map((j) => j.to as Hex), jobs.map((j) => BigInt(j.amountWei))],
      }),
      nonce,
      gas: 1_000_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const earlier = (await testChain.rpc('eth_sendRawTransaction', [raw])) as Hex

    const m = minter()
    const result = await waitForMint(ctx, { jobId: jobs[0]!.id }, { timeoutMs: 10_000 })
    expect(result).toMatchObject({ status: 'confirmed', txHash: earlier })
    expect(await testChain.balanceOf(to)).toBe(9n * WEI)
    const attempts = await t.storage.mint.listTransactions(batchId)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]?.status).toBe('reverted')
    await m.stop()
  })

  it('a batch minted by another transaction gives its unused nonce back, so later batches leave no gap', async () => {
    const minterAccount = testChain.chain.minter
    const to = address()
    await enqueue([{ key: `gap:${to}`, to, amount: 11 }])
    const batchId = `0x${randomBytes(32).toString('hex')}`
    const jobs = await t.storage.transaction((tx) =>
      tx.mint.claimJobs({ batchId, chainId: 31337, signer: minterAccount.address, limit: 10, now: Date.now() }),
    )
    const data = encodeFunctionData({
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [batchId as Hex, jobs.map((j) => j.to as Hex), jobs.map((j) => BigInt(j.amountWei))],
    })
    const sign = (nonce: number, maxFeePerGas: bigint) =>
      minterAccount.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: testChain.chain.contracts.pointsToken,
        data,
        nonce,
        gas: 1_000_000n,
        maxFeePerGas,
        maxPriorityFeePerGas: 1n,
      })
    const n = await testChain.publicClient.getTransactionCount({ address: minterAccount.address })
    // Minted elsewhere at nonce n; the minter's own stored attempt (nonce n + 1) can never be sent.
    const elsewhere = (await testChain.rpc('eth_sendRawTransaction', [await sign(n, 10_000_000_000n)])) as Hex
    const stuck = await sign(n + 1, 1n)
    const scope = { chainId: 31337, address: minterAccount.address.toLowerCase() }
    await t.storage.transaction(async (tx) => {
      await tx.nonces.resync({ ...scope, chainNonce: n + 1 })
      expect(await tx.nonces.reserve(scope)).toBe(n + 1)
      await tx.mint.recordTransaction({
        txHash: keccak256(stuck),
        batchId,
        chainId: 31337,
        signer: scope.address,
        nonce: n + 1,
        raw: stuck,
        gasLimit: '1000000',
        maxFeePerGas: '1',
        maxPriorityFeePerGas: '1',
        status: 'signed',
        error: null,
        createdAt: Date.now(),
        sentAt: null,
      })
    })

    const m = minter()
    expect((await waitForMint(ctx, { jobId: jobs[0]!.id }, { timeoutMs: 10_000 })).txHash).toBe(elsewhere)
    const later = address()
    const [laterJob] = await enqueue([{ key: `gap-later:${later}`, to: later, amount: 12 }])
    const result = await waitForMint(ctx, { jobId: laterJob! }, { timeoutMs: 10_000 })
    expect(result.status).toBe('confirmed')
    expect((await testChain.publicClient.getTransaction({ hash: result.txHash! })).nonce).toBe(n + 1)
    expect(await testChain.balanceOf(to)).toBe(11n * WEI)
    expect(await testChain.balanceOf(later)).toBe(12n * WEI)
    await m.stop()
  })

  it('one minter per signer: a second minter waits for the lease and takes over when the first stops', async () => {
    const a = minter({ leaseTtlMs: 2_000 })
    const b = minter({ leaseTtlMs: 2_000 })
    const to = address()
    const [first] = await enqueue([{ key: `lease-a:${to}`, to, amount: 3 }])
    expect((await waitForMint(ctx, { jobId: first! }, { timeoutMs: 10_000 })).status).toBe('confirmed')
    const holders = [a, b].filter((m) => m.stats().leaseHeld)
    expect(holders).toHaveLength(1)
    await holders[0]!.stop()
    const other = a === holders[0] ? b : a
    const [second] = await enqueue([{ key: `lease-b:${to}`, to, amount: 4 }])
    expect((await waitForMint(ctx, { jobId: second! }, { timeoutMs: 10_000 })).status).toBe('confirmed')
    expect(other.stats().leaseHeld).toBe(true)
    expect(await testChain.balanceOf(to)).toBe(7n * WEI)
    await other.stop()
  })

  it('with confirmations: 2, a batch is confirmed only once its block has a successor', async () => {
    const to = address()
    const [jobId] = await enqueue([{ key: `deep:${to}`, to, amount: 2 }])
    const m = minter({ confirmations: 2, receiptPollMs: 20 })
    const early = await waitForMint(ctx, { jobId: jobId! }, { timeoutMs: 600 })
    expect(early.status).toBe('pending')
    expect(await testChain.balanceOf(to)).toBe(2n * WEI) // mined, one block deep
    await testChain.rpc('evm_mine')
    expect((await waitForMint(ctx, { jobId: jobId! }, { timeoutMs: 10_000 })).status).toBe('confirmed')
    await m.stop()
  })
})
