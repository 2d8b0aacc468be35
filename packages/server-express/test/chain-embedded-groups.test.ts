import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { createAesGcmKeyVault, type Storage, silentLogger } from '@loyaltykit/engine'
import { classifySendError } from '@loyaltykit/engine/testing'
import { type Address, encodeFunctionData, type Hex, keccak256 } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdrProvider } from '../src/chain/create-edr-provider'
import { loadEmbeddedGenesis } from '../src/chain/embedded-chain-settings'
import { privateKeyToFastAccount } from '../src/chain/fast-local-account'
import { MINED_RAW_TRANSACTIONS } from '../src/chain/journal-methods'
import { replayChainJournal } from '../src/chain/replay-chain-journal'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { openStorage } from '../src/storage/open-storage'
import { openEmbeddedChain } from './helpers/open-embedded-chain'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const keyVault = createAesGcmKeyVault(randomBytes(32))
const address = () => `0x${randomBytes(20).toString('hex')}` as Address

describe.each(testDialects)('embedded chain: groups of transactions mined together on $dialect', (dialect) => {
  let database: TestDatabase
  let storage: Storage
  let chain: EmbeddedChain

  const open = () => openEmbeddedChain(storage, keyVault)

  beforeAll(async () => {
    database = await dialect.create()
    storage = await openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
    await storage.migrate()
    chain = await open()
  }, 60_000)
  afterAll(async () => {
    await chain?.close()
    await storage?.close()
    await database?.drop()
  })

  /** A funded fresh account that signs value transfers (and reverting calls) at given nonces. */
  async function sender() {
    const account = privateKeyToFastAccount(generatePrivateKey())
    await chain.provider.request({
      method: 'hardhat_setBalance',
      params: [account.address, '0x3635c9adc5dea00000'],
    } as never)
    const sign = (nonce: number, extra: { gas?: bigint; maxFeePerGas?: bigint; revert?: boolean; to?: Address } = {}) =>
      account.signTransaction({
        chainId: chain.chainId,
        type: 'eip1559',
        nonce,
        gas: extra.gas ?? (extra.revert ? 100_000n : 21_000n),
        maxFeePerGas: extra.maxFeePerGas ?? 50_000_000_000n,
        maxPriorityFeePerGas: 1n,
        ...(extra.revert
          ? {
              // mintBatch without MINTER_ROLE reverts on chain.
              to: chain.contracts.pointsToken,
              data: encodeFunctionData({
                abi: pointsTokenAbi,
                functionName: 'mintBatch',
                args: [`0x${'cd'.repeat(32)}`, [address()], [1n]],
              }),
            }
          : { to: extra.to ?? address(), value: 1n }),
      })
    return { account, sign }
  }

  const head = async () => chain.publicClient.getBlock()
  const pool = async () => (await chain.publicClient.getBlock({ blockTag: 'pending' })).transactions

  it('mines a group in ONE block, receipts in order (a reverting one included), journaled as one entry', async () => {
    const { sign } = await sender()
    const raws = [await sign(0), await sign(1), await sign(2, { revert: true }), await sign(3)]
    const before = await head()
    const result = await chain.sendRawTransactions(raws)
    expect(result.error).toBeUndefined()
    expect(result.mined).toBe(4)
    expect(result.receipts.map((r) => r.transactionHash)).toEqual(raws.map((raw) => keccak256(raw)))
    expect(result.receipts.map((r) => r.status)).toEqual(['success', 'success', 'reverted', 'success'])
    const block = await head()
    expect(block.number).toBe(before.number + 1n)
    expect(block.transactions).toEqual(raws.map((raw) => keccak256(raw)))
    const last = await storage.chainJournal.last('embedded')
    expect(last).toMatchObject({ method: MINED_RAW_TRANSACTIONS, blockNumber: Number(block.number) })
    expect(JSON.parse(last?.params ?? '[]')).toEqual(raws)
  })

  it('stops at a nonce gap: the prefix is mined, the rest is reported and taken out of the pool', async () => {
    const { sign } = await sender()
    const raws = [await sign(0), await sign(1), await sign(3), await sign(4)]
    const result = await chain.sendRawTransactions(raws)
    expect(result.mined).toBe(2)
    expect(classifySendError(result.error).kind).toBe('nonce_too_high')
    expect(await pool()).toEqual([])
    // The sequence goes on from nonce 2, one transaction a block (automining as seen from outside).
    const hash = await chain.publicClient.request({ method: 'eth_sendRawTransaction', params: [await sign(2)] })
    const receipt = await chain.publicClient.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await head()).transactions).toEqual([hash])
  })

  it('reports a refused first transaction (nonce used) and keeps nothing behind it', async () => {
    const { sign } = await sender()
    await chain.sendRawTransactions([await sign(0)])
    const before = await head()
    const result = await chain.sendRawTransactions([await sign(0, { gas: 30_000n }), await sign(1)])
    expect(result.mined).toBe(0)
    expect(classifySendError(result.error).kind).toBe('nonce_too_low')
    expect(await pool()).toEqual([])
    expect((await head()).number).toBe(before.number)
    // A single send refuses the same way (an error, no block), as an automining node does.
    const single = await chain.publicClient
      .request({ method: 'eth_sendRawTransaction', params: [await sign(0, { gas: 40_000n })] })
      .catch((e: unknown) => e)
    expect(classifySendError(single).kind).toBe('nonce_too_low')
  })

  it('refuses a max fee under the base fee as "fee too low", mining nothing', async () => {
    const { sign } = await sender()
    const before = await head()
    const result = await chain.sendRawTransactions([await sign(0, { maxFeePerGas: 1n })])
    expect(result.mined).toBe(0)
    expect(classifySendError(result.error).kind).toBe('fee_too_low')
    expect(await pool()).toEqual([])
    // EDR takes it into its pool (it could be mined once the base fee falls): one empty block was
    // mined trying, journaled like evm_mine.
    const after = await head()
    expect(after.number).toBe(before.number + 1n)
    expect(after.transactions).toEqual([])
    expect(await storage.chainJournal.last('embedded')).toMatchObject({
      method: 'evm_mine',
      blockNumber: Number(after.number),
    })
  })

  it('spreads a group over several blocks when it does not fit in one (60M gas per block)', async () => {
    const { sign } = await sender()
    // INVALID: an exceptional halt uses all the gas of the call, 16M each.
    const burner = address()
    await chain.provider.request({ method: 'hardhat_setCode', params: [burner, '0xfe'] } as never)
    const gas = 16_000_000n
    const raws = await Promise.all([0, 1, 2, 3].map((nonce) => sign(nonce, { gas, to: burner })))
    const before = await head()
    const result = await chain.sendRawTransactions(raws)
    expect(result.mined).toBe(4)
    const after = await head()
    expect(after.number).toBe(before.number + 2n)
    const blocks = await Promise.all(
      [before.number + 1n, before.number + 2n].map((n) => chain.publicClient.getBlock({ blockNumber: n })),
    )
    expect(blocks.flatMap((b) => b.transactions)).toEqual(raws.map((raw) => keccak256(raw)))
    expect(blocks[0]?.transactions).toHaveLength(3)
  })

  it('replays the groups after a restart: same head, same state root, the accounts go on', async () => {
    const { account, sign } = await sender()
    await chain.sendRawTransactions([await sign(0), await sign(1), await sign(2)])
    const before = await head()
    await chain.close()
    chain = await open()
    expect(chain.replay.entries).toBeGreaterThan(5)
    const after = await head()
    expect(after.number).toBe(before.number)
    expect(after.stateRoot).toBe(before.stateRoot)
    expect(await chain.publicClient.getTransactionCount({ address: account.address })).toBe(3)
    const result = await chain.sendRawTransactions([await sign(3), await sign(4)])
    expect(result.mined).toBe(2)
  }, 60_000)

  it('replays a journal written by an automining chain (earlier versions): same blocks, same state root', async () => {
    const genesis = await loadEmbeddedGenesis(storage, 'legacy')
    const automining = await createEdrProvider(genesis)
    const request = (method: string, params: unknown[]) =>
      automining.provider.request({ method, params } as never) as Promise<unknown>
    const latest = () =>
      request('eth_getBlockByNumber', ['latest', false]) as Promise<{ number: Hex; timestamp: Hex; stateRoot: Hex }>
    const account = privateKeyToFastAccount(generatePrivateKey())
    let seq = 0
    const journal = (method: string, params: unknown[], block?: { number: Hex; timestamp: Hex; stateRoot: Hex }) =>
      storage.chainJournal.append({
        chainKey: 'legacy',
        seq: ++seq,
        method,
        params: JSON.stringify(params),
        txHash: method === 'eth_sendRawTransaction' ? keccak256(params[0] as Hex) : null,
        blockNumber: block ? Number(block.number) : null,
        blockTimestamp: block ? Number(block.timestamp) : null,
        stateRoot: block?.stateRoot ?? null,
        createdAt: Date.now(),
      })
    const funding = [account.address, '0x3635c9adc5dea00000']
    await request('hardhat_setBalance', funding)
    await journal('hardhat_setBalance', funding)
    for (let nonce = 0; nonce < 5; nonce++) {
      const raw = await account.signTransaction({
        chainId: genesis.chainId,
        type: 'eip1559',
        to: address(),
        value: 1n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: 50_000_000_000n,
        maxPriorityFeePerGas: 1n,
      })
      await request('eth_sendRawTransaction', [raw])
      await journal('eth_sendRawTransaction', [raw], await latest())
    }
    const recorded = await latest()
    await automining.close()

    const fresh = await createEdrProvider(genesis, { automine: false })
    const replay = await replayChainJournal({
      provider: fresh.provider,
      journal: storage.chainJournal,
      chainKey: 'legacy',
      logger: silentLogger,
    })
    expect(replay).toMatchObject({ entries: 6, head: 5 })
    const replayed = (await fresh.provider.request({
      method: 'eth_getBlockByNumber',
      params: ['latest', false],
    } as never)) as { stateRoot: Hex }
    expect(replayed.stateRoot).toBe(recorded.stateRoot)
    await fresh.close()
  }, 30_000)

  it('signs exactly as viem does (same RFC 6979 signatures, five times faster)', async () => {
    const { privateKeyToAccount } = await import('viem/accounts')
    for (let i = 0; i < 25; i++) {
      const key = generatePrivateKey()
      const tx = {
        chainId: 31337,
        type: 'eip1559' as const,
        to: address(),
        nonce: i,
        gas: 21_000n + BigInt(i),
        maxFeePerGas: 10n ** 9n + BigInt(i),
        maxPriorityFeePerGas: 1n,
        value: BigInt(i),
        data: `0x${randomBytes(i).toString('hex')}` as Hex,
      }
      const fast = privateKeyToFastAccount(key)
      const slow = privateKeyToAccount(key)
      expect(fast.address).toBe(slow.address)
      expect(await fast.signTransaction(tx)).toBe(await slow.signTransaction(tx))
      const legacy = { chainId: 31337, type: 'legacy' as const, to: tx.to, nonce: i, gas: 21_000n, gasPrice: 7n }
      expect(await fast.signTransaction(legacy)).toBe(await slow.signTransaction(legacy))
      const hash = keccak256(randomBytes(32))
      expect(await fast.sign({ hash })).toBe(await slow.sign({ hash }))
    }
  })
})
