import { perkCollectionAbi } from '@loyaltykit/contracts'
import { expect } from 'vitest'
import type { AgentFixture } from './agent-fixture'
import { postJson } from './post-json'

/** Rewards `email` 100 tokens (account_creation at the fixture's Shop), mined; answers the wallet. */
export async function fundAtShop(f: AgentFixture, email: string): Promise<string> {
  const res = await postJson(f.s.base, '/loyalty-api/manual-event', {
    brandId: f.shopId,
    eventType: 'account_creation',
    userEmail: email,
    domain: 'shop.example',
  })
  const body = (await res.json()) as { walletAddress: string; transactionHash: string | null }
  expect(body.transactionHash, JSON.stringify(body)).toMatch(/^0x/)
  return body.walletAddress
}

/** How many perks of the collection were claimed, read from the chain. */
export async function claimedOf(f: AgentFixture, collectionId: number): Promise<bigint> {
  const chain = f.s.runtime.chain
  if (!chain) throw new Error('the test server has no chain')
  const c = await chain.publicClient.readContract({
    address: chain.contracts.perkCollection,
    abi: perkCollectionAbi,
    functionName: 'collection',
    args: [BigInt(collectionId)],
  })
  return c.claimed
}
