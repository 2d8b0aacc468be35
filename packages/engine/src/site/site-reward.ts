import type { EngineContext } from '../context'
import { recordLedgerEntry } from '../ledger/record-ledger-entry'
import { enqueueMint } from '../minting/enqueue-mint'
import { waitForMint } from '../minting/wait-for-mint'
import type { Stores } from '../ports/storage'

export type SiteRewardInput = {
  /** `site_checkin` or `site_milestone`: the mint's source and the ledger entry's source type. */
  source: 'site_checkin' | 'site_milestone'
  /** The check-in's or claim's id. */
  id: string
  brandId: string
  walletAddress: string
  email: string
  amount: number
  /** What the reward was computed from, kept on the ledger entry. */
  snapshot: Record<string, unknown>
  now: number
}

/**
 * A site reward in the caller's transaction `tx`: its mint job (idempotent on `<source>:<id>`) and
 * its pending `reward` ledger entry, settled by the minter like an event's. Nothing for 0 tokens.
 * Answers the mint job's id. A step, not an operation.
 */
export async function enqueueSiteReward(ctx: EngineContext, tx: Stores, r: SiteRewardInput): Promise<string | null> {
  if (r.amount <= 0) return null
  const { jobId } = await enqueueMint(
    tx,
    {
      idempotencyKey: `${r.source}:${r.id}`,
      to: r.walletAddress,
      amount: r.amount,
      source: r.source,
      ref: r.id,
      brandId: r.brandId,
    },
    ctx,
  )
  await recordLedgerEntry(
    tx,
    {
      kind: 'reward',
      sourceType: r.source,
      sourceId: r.id,
      brandId: r.brandId,
      walletAddress: r.walletAddress,
      userKey: `email:${r.email}`,
      amount: r.amount,
      mintJobId: jobId,
      snapshot: r.snapshot,
      createdAt: r.now,
    },
    ctx,
  )
  return jobId
}

/** After the commit: the mint's transaction hash, waited for at most `timeoutMs` (null while pending). */
export async function siteRewardHash(
  ctx: EngineContext,
  jobId: string | null,
  timeoutMs: number,
): Promise<string | null> {
  if (jobId === null) return null
  const mint = await waitForMint(ctx, { jobId }, { timeoutMs })
  return mint.status === 'confirmed' && mint.txHash ? mint.txHash : null
}
