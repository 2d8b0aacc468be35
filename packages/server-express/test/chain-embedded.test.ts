import { randomBytes } from 'node:crypto'
import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  type ChainJournalStore,
  createAesGcmKeyVault,
  createEngine,
  isLoyaltyError,
  type Storage,
  silentLogger,
} from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdrProvider } from '../src/chain/create-edr-provider'
import { loadEmbeddedGenesis } from '../src/chain/embedded-chain-settings'
import { journalProvider } from '../src/chain/journaled-provider'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { openStorage } from '../src/storage/open-storage'
import { openEmbeddedChain } from './helpers/open-embedded-chain'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n
const address = () => `0x${randomBytes(20).toString('hex')}` as Address
const keyVault = createAesGcmKeyVault(randomBytes(32))

describe.each(testDialects)('embedded chain on $dialect', (dialect) => {
  let database: TestDatabase
  let storage: Storage

  beforeAll(async () => {
    database = await dialect.create()
    storage = await openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
    await storage.migrate()
  })
  afterAll(async () => {
    await storage?.close()
    await database?.drop()
  })

  const open = () => openEmbeddedChain(storage, keyVault)

  async function state(chain: EmbeddedChain, holders: Address[]) {
    const token = { address: chain.contracts.pointsToken, abi: pointsTokenAbi } as const
    const block = await chain.publicClient.getBlock()
    return {
      contracts: chain.contracts,
      minter: chain.minter.address,
      relayer: chain.relayer.address,
      blockNumber: block.number,
      stateRoot: block.stateRoot,
      totalSupply: await chain.publicClient.readContract({ ...token, functionName: 'totalSupply' }),
      balances: await Promise.all(
        holders.map((h) => chain.publicClient.readContract({ ...token, functionName: 'balanceOf', args: [h] })),
      ),
      relayerNonce: await chain.publicClient.getTransactionCount({ address: chain.relayer.address }),
    }
  }

  it('deploys on first start, keeps contracts, balances and nonces across restarts, then keeps minting', async () => {
    const first = await open()
    expect(first.deployed).toBe(true)
    expect(first.kind).toBe('embedded')
    expect(first.chainId).toBe(31337)
    const engine = createEngine({ storage, keyVault, chain: first })

    const holders = Array.from({ length: 40 }, address)
    await storage.transaction(async (tx) => {
      for (let i = 0; i < 120; i++) {
        await enqueueMint(tx, {
          idempotencyKey: `restart:${i}`,
          to: holders[i % holders.length]!,
          amount: i + 1,
          source: 'test',
        })
      }
    })
    const minter = engine.mint.createMinter({ maxBatchSize: 50, pollIntervalMs: 20 })
    minter.start()
    await minter.drain({ timeoutMs: 20_000 })
    await minter.stop()
    // A transaction that reverts is mined too (and must be replayed: it moves the relayer's nonce).
    const reverting = await first.relayer.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: first.contracts.pointsToken,
      data: encodeFunctionData({
        abi: pointsTokenAbi,
        functionName: 'mintBatch',
        args: [`0x${'ab'.repeat(32)}`, [address()], [1n]],
      }),
      nonce: await first.publicClient.getTransactionCount({ address: first.relayer.address }),
      gas: 200_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const revertHash = (await first.provider.request({
      method: 'eth_sendRawTransaction',
      params: [reverting],
    } as never)) as Hex
    expect((await first.publicClient.getTransactionReceipt({ hash: revertHash })).status).toBe('reverted')

    const before = await state(first, holders)
    expect(before.totalSupply).toBe((120n * 121n * WEI) / 2n)
    await first.close()

    const second = await open()
    expect(second.deployed).toBe(false)
    expect(second.replay.entries).toBeGreaterThan(10)
    expect(await state(second, holders)).toEqual(before)

    // The chain continues: same nonces, clock at wall time.
    const engine2 = createEngine({ storage, keyVault, chain: second })
    const late = address()
    const { jobId } = await storage.transaction((tx) =>
      enqueueMint(tx, { idempotencyKey: 'after-restart', to: late, amount: 7, source: 'test' }),
    )
    const minter2 = engine2.mint.createMinter({ pollIntervalMs: 20 })
    minter2.start()
    await minter2.drain({ timeoutMs: 10_000 })
    await minter2.stop()
    const job = await storage.mint.getJob(jobId)
    expect(job?.status).toBe('confirmed')
    const block = await second.publicClient.getBlock()
    expect(Math.abs(Number(block.timestamp) - Date.now() / 1000)).toBeLessThan(120)
    const after = await state(second, [late])
    expect(after.balances).toEqual([7n * WEI])
    await second.close()

    // And once more, with the new block in the journal.
    const third = await open()
    expect(await state(third, [late])).toEqual(after)
    await third.close()
  })

  it('refuses a second process (a held lease) on the same embedded chain', async () => {
    const chain = await open()
    try {
      const error = await open().catch((e: unknown) => e)
      expect(isLoyaltyError(error) && error.code).toBe('EMBEDDED_CHAIN_IN_USE')
    } finally {
      await chain.close()
    }
  })

  it('refuses calls the journal cannot replay', async () => {
    const chain = await open()
    try {
      for (const method of ['eth_sendTransaction', 'evm_snapshot', 'hardhat_mine', 'evm_setAutomine']) {
        const error = (await chain.provider.request({ method, params: [] } as never).catch((e: unknown) => e)) as {
          code?: number
        }
        expect(error?.code).toBe(4200)
      }
    } finally {
      await chain.close()
    }
  })

  // Found by the fuzzer (pnpm fuzz): viem's default transport retries (3, with backoff) made every
  // reverted read, such as a perk collection that does not exist, answer after about a second.
  it('answers a reverted read with its revert, without retrying it', async () => {
    const chain = await open()
    try {
      expect(chain.publicClient.transport.retryCount).toBe(0)
      const error = await chain.publicClient
        .readContract({
          address: chain.contracts.perkCollection,
          abi: perkCollectionAbi,
          functionName: 'collection',
          args: [987_654n],
        })
        .catch((e: unknown) => e)
      expect(String(error)).toMatch(/CollectionNotFound|revert/i)
    } finally {
      await chain.close()
    }
  })
})

describe('journaled provider', () => {
  it('stops answering once a journal write fails for good (chain and database would disagree)', async () => {
    const storageLike = await openStorage({ databaseUrl: 'sqlite::memory:', dataDir: '/tmp' })
    await storageLike.migrate()
    const genesis = await loadEmbeddedGenesis(storageLike, 'broken')
    const edr = await createEdrProvider(genesis)
    const failing: ChainJournalStore = {
      append: async () => {
        throw new Error('disk full')
      },
      list: async () => [],
      last: async () => undefined,
      count: async () => 0,
    }
    const provider = journalProvider({
      inner: edr.provider,
      journal: failing,
      chainKey: 'broken',
      lastSeq: 0,
      head: 0,
      logger: silentLogger,
    })
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const error = await provider
      .request({ method: 'hardhat_setBalance', params: [account.address, '0x1000'] } as never)
      .catch((e: unknown) => e)
    expect(isLoyaltyError(error) && error.code).toBe('EMBEDDED_CHAIN_JOURNAL_FAILED')
    const next = await provider.request({ method: 'eth_blockNumber', params: [] } as never).catch((e: unknown) => e)
    expect(isLoyaltyError(next) && next.code).toBe('EMBEDDED_CHAIN_JOURNAL_FAILED')
    expect(provider.failure).toBeDefined()
    await edr.close()
    await storageLike.close()
  }, 30_000)
})

describe('journaled provider reads', () => {
  it('lets at most three reads into EDR at once, in order, and none while a state change runs', async () => {
    let inside = 0
    let most = 0
    const order: number[] = []
    const gates: Array<() => void> = []
    let changeRunning = false
    let readDuringChange = false
    let releaseChange: (() => void) | undefined
    const inner = {
      on: () => undefined,
      removeListener: () => undefined,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'hardhat_setBalance') {
          changeRunning = true
          await new Promise<void>((resolve) => {
            releaseChange = resolve
          })
          changeRunning = false
          return true
        }
        if (method !== 'eth_call') return '0x1'
        if (changeRunning) readDuringChange = true
        inside++
        most = Math.max(most, inside)
        order.push(Number(params?.[0]))
        await new Promise<void>((resolve) => gates.push(resolve))
        inside--
        return params?.[0]
      },
    }
    const appended: string[] = []
    const provider = journalProvider({
      inner: inner as never,
      journal: {
        append: async (entry) => {
          appended.push(entry.method)
        },
        list: async () => [],
        last: async () => undefined,
        count: async () => 0,
      },
      chainKey: 'gate',
      lastSeq: 0,
      head: 0,
      logger: silentLogger,
    })
    const tick = () => new Promise((r) => setTimeout(r, 5))
    const reads = Array.from({ length: 10 }, (_, i) => provider.request({ method: 'eth_call', params: [i] } as never))
    await tick()
    expect(inside).toBe(3)
    // A state change goes straight in, with three reads still in EDR; no read enters until it ends.
    const change = provider.request({ method: 'hardhat_setBalance', params: ['0x1', '0x1'] } as never)
    await tick()
    expect(changeRunning).toBe(true)
    for (const open of gates.splice(0)) open()
    await tick()
    expect(inside).toBe(0)
    releaseChange?.()
    await change
    expect(appended).toEqual(['hardhat_setBalance'])
    while (order.length < 10 || inside > 0) {
      for (const open of gates.splice(0)) open()
      await tick()
    }
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 10 }, (_, i) => i))
    expect(most).toBe(3)
    expect(readDuringChange).toBe(false)
    expect(order).toEqual(Array.from({ length: 10 }, (_, i) => i))
  })
})
