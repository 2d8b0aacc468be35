import type { Clock } from '../ports/clock'
import type { Ids } from '../ports/ids'
import type { Stores } from '../ports/storage'
import { type LedgerEntryInput, toLedgerEntry } from './record-ledger-entry'

/** A perk claim as its receipt shows it (`PerkClaimed` and the price's `Transfer`). */
export type PerkClaimFacts = {
  /** The claimer (lowercase address). */
  walletAddress: string
  /** The collection's brand: the address the price is paid to, and the brandId. */
  brandId: string
  collectionId: bigint | number | string
  tokenId: bigint | number | string
  /** The price paid, wei (0 for a free perk). */
  priceWei: bigint
  txHash: string
  blockNumber: number
  /** Index of the price's `Transfer` log (null for a free perk). */
  transferLogIndex: number | null
  /** Index of the `PerkClaimed` log. */
  claimLogIndex: number
  userKey?: string | null
  /** What the caller wants kept with it (`{ channel: 'agent', redemptionId }`, …); small. */
  snapshot?: Record<string, unknown>
}

/**
 * The ledger entries of one perk claim, confirmed, in the caller's transaction: `redemption`
 * (−price) on the claimer and, when the perk is not free, `transfer` (+price) on the brand; both
 * under source `perk_claim` `<collectionId>:<tokenId>` (a token id is claimed once), so every path
 * that sees the claim (the relayer's receipt settlement, the agent API's and site plugin's
 * redemptions) records it once, whoever comes first. Answers how many entries this call recorded
 * (0: recorded before).
 */
export async function recordRedemption(
  stores: Pick<Stores, 'ledger' | 'perks'>,
  facts: PerkClaimFacts,
  options: { clock?: Clock; ids?: Ids } = {},
): Promise<number> {
  const collectionId = String(facts.collectionId)
  const perk = await stores.perks.getByCollectionId(Number(collectionId))
  const common = {
    sourceType: 'perk_claim',
    sourceId: `${collectionId}:${String(facts.tokenId)}`,
    brandId: facts.brandId,
    txHash: facts.txHash,
    blockNumber: facts.blockNumber,
    logIndex: facts.transferLogIndex,
    status: 'confirmed',
  } satisfies Partial<LedgerEntryInput>
  const snapshot = {
    collectionId,
    tokenId: String(facts.tokenId),
    perkId: perk?.id ?? null,
    perkName: perk?.name ?? null,
    claimLogIndex: facts.claimLogIndex,
    ...facts.snapshot,
  }
  const entries = [
    toLedgerEntry(
      {
        ...common,
        kind: 'redemption',
        walletAddress: facts.walletAddress,
        userKey: facts.userKey ?? null,
        amountWei: -facts.priceWei,
        counterparty: facts.brandId,
        snapshot,
      },
      options,
    ),
  ]
  if (facts.priceWei > 0n) {
    entries.push(
      toLedgerEntry(
        {
          ...common,
          kind: 'transfer',
          walletAddress: facts.brandId,
          amountWei: facts.priceWei,
          counterparty: facts.walletAddress,
          snapshot: { collectionId, tokenId: String(facts.tokenId), redemption: true },
        },
        options,
      ),
    )
  }
  return stores.ledger.recordMany(entries)
}
