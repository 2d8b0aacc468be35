import { z } from 'zod'
import type { LedgerEntry } from '../ports/ledger-store'

/** A perk redemption of the ledger as the agent API shows it. */
export const redemptionViewSchema = z.object({
  perkId: z.string().nullable(),
  perkName: z.string().nullable(),
  collectionId: z.number().int().nullable(),
  tokenId: z.string().nullable(),
  brandId: z.string().nullable(),
  /** Points spent (whole tokens). */
  points: z.number(),
  at: z.string(),
  transactionHash: z.string().nullable(),
})

/** A `redemption` ledger entry (its snapshot names the perk; docs/ledger.md). */
export function redemptionView(e: LedgerEntry): z.output<typeof redemptionViewSchema> {
  const s = e.snapshot ?? {}
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const collection = text(s.collectionId)
  return {
    perkId: text(s.perkId),
    perkName: text(s.perkName),
    collectionId: collection === null ? null : Number(collection),
    tokenId: text(s.tokenId),
    brandId: e.brandId,
    points: -e.amount,
    at: new Date(e.createdAt).toISOString(),
    transactionHash: e.txHash,
  }
}
