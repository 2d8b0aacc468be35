import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, type Hash, type TransactionReceipt } from 'viem'
import { expect } from 'vitest'
import { type CustodialUser, custodialClient, WEI } from './custodial-user'
import type { TestServer } from './start-test-server'

export type RelayedCall = {
  /** The 200 body of `POST /relay`. */
  result: { transactionHash: Hash; permitTransactionHash?: Hash; blockNumber: number } & Record<string, unknown>
  receipt: TransactionReceipt
}

/**
 * The four approved relayed calls, each as a brand's page runs it for a fresh custodial user over
 * HTTP (dev login, points minted to the user, a permit from the user wallet API, `POST /relay`):
 * answered 200, mined, sent by the relayer, permit first, and the user never holding ETH. Each flow
 * answers what the tests check afterwards (chain state, ledger entries).
 */
export function custodialFlows(s: TestServer, p: { origin: string; brandId: Address }) {
  const maybeChain = s.runtime.chain
  if (!maybeChain) throw new Error('the custodial flows need the chain')
  const chain = maybeChain
  const client = custodialClient(s, p.origin)

  /** `POST /relay` answered 200, checked against its mined receipt. */
  async function relayed(user: CustodialUser, body: Record<string, unknown>): Promise<RelayedCall> {
    const res = await client.relay(user, body)
    const result = await res.json()
    expect(res.status, JSON.stringify(result)).toBe(200)
    expect(result).toMatchObject({
      success: true,
      status: 'confirmed',
      from: chain.relayer.address.toLowerCase(),
      to: String(body.to).toLowerCase(),
    })
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: result.transactionHash as Hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(chain.relayer.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(String(body.to).toLowerCase())
    expect(Number(receipt.blockNumber)).toBe(result.blockNumber)
    // The permit went first, in its own transaction; the user never held ETH.
    expect(result.permitTransactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await chain.publicClient.getBalance({ address: user.walletAddress })).toBe(0n)
    return { result, receipt }
  }

  return {
    client,
    relayed,

    /** (a) `claimFor`: a user with 40 points claims a 15-point perk (permit to the perk collection). */
    async claimPerk() {
      const user = await client.login()
      await client.fund(user, 40)
      const perk = await s.runtime.engine.perks.create({ brandId: p.brandId, name: 'Coffee', price: 15, charges: 2 })
      const permit = await client.signPermit(user, { spender: chain.contracts.perkCollection, value: 15n * WEI })
      const call = await relayed(user, {
        to: chain.contracts.perkCollection,
        data: encodeFunctionData({
          abi: perkCollectionAbi,
          functionName: 'claimFor',
          args: [user.walletAddress, BigInt(perk.collectionId)],
        }),
        metadata: { action: 'claim_perk', perkId: perk.id, permit },
      })
      return { user, perk, ...call }
    },

    /** (b) `transferFrom`: a user with 30 points sends 12 to a friend (permit to the relayer account). */
    async transferPoints() {
      const user = await client.login()
      const friend = await client.login()
      await client.fund(user, 30)
      const permit = await client.signPermit(user, { spender: chain.relayer.address, value: 12n * WEI })
      expect(permit.spender).toBe(chain.relayer.address.toLowerCase())
      const call = await relayed(user, {
        to: chain.contracts.pointsToken,
        data: encodeFunctionData({
          abi: pointsTokenAbi,
          functionName: 'transferFrom',
          args: [user.walletAddress, friend.walletAddress, 12n * WEI],
        }),
        metadata: { action: 'transfer', permit },
      })
      return { user, friend, ...call }
    },

    /**
     * (c) `purchaseFor`: a user with 50 points buys 2 units of a 7-point item, found through
     * `GET /points-sale/items` (permit to the sale for price × quantity).
     */
    async buyItem() {
      const user = await client.login()
      await client.fund(user, 50)
      const added = await s.runtime.engine.pointsSale.add({ brandId: p.brandId, name: 'Tote bag', price: 7, stock: 5 })
      const listing = await (await client.call('GET', `/points-sale/items?brandId=${p.brandId}`)).json()
      const item = listing.items.find((i: { itemId: number }) => i.itemId === added.itemId)
      const sellerBefore = await client.balance(p.brandId)
      const permit = await client.signPermit(user, { spender: listing.contract, value: BigInt(item.priceWei) * 2n })
      const call = await relayed(user, {
        to: listing.contract,
        data: encodeFunctionData({
          abi: pointsSaleAbi,
          functionName: 'purchaseFor',
          args: [user.walletAddress, BigInt(item.itemId), 2n],
        }),
        metadata: { action: 'purchase', permit },
      })
      return { user, listing, item, sellerBefore, ...call }
    },

    /** (d) `depositFor`: a user with 20 points deposits 8 into the escrow for the brand (permit to the escrow). */
    async deposit() {
      const user = await client.login()
      await client.fund(user, 20)
      const escrow = chain.contracts.businessEscrow
      const permit = await client.signPermit(user, { spender: escrow, value: 8n * WEI })
      const call = await relayed(user, {
        to: escrow,
        data: encodeFunctionData({
          abi: businessEscrowAbi,
          functionName: 'depositFor',
          args: [user.walletAddress, p.brandId, 8n * WEI],
        }),
        metadata: { action: 'deposit', permit },
      })
      return { user, ...call }
    },
  }
}
