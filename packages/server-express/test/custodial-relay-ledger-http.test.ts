// Issue 13, point 7 × point 1: the ledger entries the relay settlement writes for the four relayed
// calls of a custodial user (engine/src/ledger/record-relay-entries.ts; docs/ledger.md): per points
// Transfer of the relayed transaction, one confirmed entry per wallet it touches (the sender's
// negative), at that Transfer's log index; a paid perk claim as `redemption` (claimer) + `transfer`
// (brand) under source `perk_claim`; nothing for the permit's own transaction.
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, parseEventLogs } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { custodialFlows, type RelayedCall } from './helpers/custodial-flows'
import { WEI } from './helpers/custodial-user'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://cafe.example.com'

type Entry = {
  wallet_address: string
  kind: string
  amount_wei: string
  source_type: string
  source_id: string
  status: string
  block_number: number | string
  log_index: number | string | null
}

describe.each(testDialects)(
  'ledger entries of the four relayed calls of a custodial user on $dialect',
  ({ create }) => {
    let db: TestDatabase
    let s: TestServer
    let brandId: Address
    let flows: ReturnType<typeof custodialFlows>

    beforeAll(async () => {
      db = await create()
      s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_MINT_WAIT_MS: '20000' })
      brandId = (await s.runtime.engine.brands.create({ name: 'Cafe', websites: [SITE] })).brand.id as Address
      flows = custodialFlows(s, { origin: SITE, brandId })
    }, 60_000)
    afterAll(async () => {
      await s?.close()
      await db?.drop()
    })

    const entriesOf = (txHash: string) =>
      queryTestDatabase<Entry>(
        db,
        'select wallet_address, kind, amount_wei, source_type, source_id, status, block_number, log_index from ledger_entries where tx_hash = ? order by log_index, amount_wei',
        [txHash],
      )

    /**
     * The relayed transaction's entries: all confirmed, in its block, each at the log index of one of
     * its points Transfers, summing to zero (points move, none appear), and per wallet and kind the
     * amounts given. The permit's transaction has none.
     */
    async function expectEntries(call: RelayedCall, expected: Array<[string, string, bigint]>) {
      const entries = await entriesOf(call.result.transactionHash)
      const transfers = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs: call.receipt.logs })
      const logIndexes = transfers.map((t) => t.logIndex)
      for (const e of entries) {
        expect(e.status).toBe('confirmed')
        expect(Number(e.block_number)).toBe(Number(call.receipt.blockNumber))
        expect(logIndexes).toContain(Number(e.log_index))
      }
      expect(entries.reduce((sum, e) => sum + BigInt(e.amount_wei), 0n)).toBe(0n)
      const got = entries.map((e) => [e.wallet_address, e.kind, BigInt(e.amount_wei)])
      expect(got.sort()).toEqual(expected.map(([w, k, a]) => [w.toLowerCase(), k, a]).sort())
      expect(await entriesOf(call.result.permitTransactionHash as string)).toEqual([])
      return entries
    }

    it('(a) claimFor: a redemption on the claimer and the price to the brand, once per claimed token', async () => {
      const call = await flows.claimPerk()
      const entries = await expectEntries(call, [
        [call.user.walletAddress, 'redemption', -15n * WEI],
        [brandId, 'transfer', 15n * WEI],
      ])
      const [claimed] = entries
      expect(claimed?.source_type).toBe('perk_claim')
      expect(entries.every((e) => e.source_id === claimed?.source_id)).toBe(true)
      expect(claimed?.source_id).toMatch(new RegExp(`^${call.perk.collectionId}:\\d+$`))
    })

    it('(b) transferFrom: one entry on each side of the Transfer', async () => {
      const call = await flows.transferPoints()
      const entries = await expectEntries(call, [
        [call.user.walletAddress, 'transfer', -12n * WEI],
        [call.friend.walletAddress, 'transfer', 12n * WEI],
      ])
      for (const e of entries) {
        expect(e.source_type).toBe('token_transfer')
        expect(e.source_id).toBe(`${call.result.transactionHash}:${e.log_index}`)
      }
    })

    it('(c) purchaseFor: the buyer pays the seller price × quantity', async () => {
      const call = await flows.buyItem()
      await expectEntries(call, [
        [call.user.walletAddress, 'transfer', -14n * WEI],
        [brandId, 'transfer', 14n * WEI],
      ])
    })

    it('(d) depositFor: the payer pays the escrow contract', async () => {
      const call = await flows.deposit()
      await expectEntries(call, [
        [call.user.walletAddress, 'transfer', -8n * WEI],
        [s.runtime.chain?.contracts.businessEscrow as string, 'transfer', 8n * WEI],
      ])
    })
  },
)
