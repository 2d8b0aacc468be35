import { readFileSync } from 'node:fs'
import { type ChainJournalEntry, isLoyaltyError, type Storage, silentLogger } from '@loyaltykit/engine'
import type { EIP1193Provider, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdrProvider } from '../src/chain/create-edr-provider'
import type { EmbeddedGenesis } from '../src/chain/embedded-chain-settings'
import { replayChainJournal } from '../src/chain/replay-chain-journal'
import { openStorage } from '../src/storage/open-storage'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/**
 * A journal written by the embedded chain when it was built through Hardhat 3.18.0 (`hardhat/hre`,
 * EDR 0.22.0, commit b104bb3): balances set, a contract deployed, a block of four transactions (one
 * reverting), an empty block, nonce/code/storage set, one more transaction; with what that chain
 * answered afterwards. Databases written then must replay on the chain created with EDR directly.
 */
type Fixture = {
  genesis: EmbeddedGenesis
  entries: ChainJournalEntry[]
  expected: {
    contract: Hex
    latestBlock: { number: Hex; hash: Hex; stateRoot: Hex }
    receipts: Array<{ transactionHash: Hex } & Record<string, unknown>>
    storage: Hex
    balances: { a: Hex; b: Hex }
    estimateGas: Hex
    revert: { code: number; data: Hex }
  }
}
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/hardhat-era-journal.json', import.meta.url), 'utf8'),
) as Fixture
const { expected } = fixture
const chainKey = fixture.entries[0]?.chainKey as string

describe.each(testDialects)('a journal written through Hardhat, replayed on $dialect', (dialect) => {
  let database: TestDatabase
  let storage: Storage

  beforeAll(async () => {
    database = await dialect.create()
    storage = await openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
    await storage.migrate()
    for (const entry of fixture.entries) await storage.chainJournal.append(entry)
  }, 60_000)
  afterAll(async () => {
    await storage?.close()
    await database?.drop()
  })

  /** Replays the fixture on `provider`, checking the state root after every block. */
  const replayOn = (provider: EIP1193Provider) =>
    replayChainJournal({ provider, journal: storage.chainJournal, chainKey, logger: silentLogger, verifyEvery: 1 })

  it('gives the same blocks, state roots, receipts, gas and revert data', async () => {
    const edr = await createEdrProvider(fixture.genesis, { automine: false })
    const rpc = (method: string, params: unknown[]) =>
      edr.provider.request({ method, params } as never) as Promise<unknown>
    try {
      const replay = await replayOn(edr.provider)
      expect(replay).toMatchObject({ entries: fixture.entries.length, head: Number(expected.latestBlock.number) })
      const latest = (await rpc('eth_getBlockByNumber', ['latest', false])) as Fixture['expected']['latestBlock']
      expect({ number: latest.number, hash: latest.hash, stateRoot: latest.stateRoot }).toEqual(expected.latestBlock)
      const senders: Hex[] = []
      for (const receipt of expected.receipts) {
        const { logs, ...fields } = receipt
        const actual = (await rpc('eth_getTransactionReceipt', [receipt.transactionHash])) as {
          from: Hex
          logs: unknown[]
        }
        expect(actual).toMatchObject(fields)
        expect(actual.logs).toHaveLength(logs as number)
        senders.push(actual.from)
      }
      // The deployment was sent by account a, the block of four by account b.
      const [a, b] = [senders[0] as Hex, senders[1] as Hex]
      expect({
        a: await rpc('eth_getBalance', [a, 'latest']),
        b: await rpc('eth_getBalance', [b, 'latest']),
      }).toEqual(expected.balances)
      expect(await rpc('eth_getStorageAt', [expected.contract, '0x0', 'latest'])).toBe(expected.storage)
      const store10 = `0x${'0a'.padStart(64, '0')}`
      expect(await rpc('eth_estimateGas', [{ from: a, to: expected.contract, data: store10 }])).toBe(
        expected.estimateGas,
      )
      // A reverting call throws code 3 with the revert data, as it did through Hardhat.
      const revert = await rpc('eth_call', [{ from: a, to: expected.contract }, 'latest']).catch((e: unknown) => e)
      expect(revert).toMatchObject(expected.revert)
    } finally {
      await edr.close()
    }
  }, 30_000)

  it('refuses to replay it on another genesis (the state roots differ)', async () => {
    const edr = await createEdrProvider(
      { ...fixture.genesis, coinbase: '0x0000000000000000000000000000000000000001' },
      { automine: false },
    )
    try {
      const error = await replayOn(edr.provider).catch((e: unknown) => e)
      expect(isLoyaltyError(error) && error.code).toBe('EMBEDDED_CHAIN_REPLAY_FAILED')
      expect((error as { details?: { seq?: number } }).details?.seq).toBe(3)
    } finally {
      await edr.close()
    }
  }, 30_000)
})
