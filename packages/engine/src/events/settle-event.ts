import type { EngineContext } from '../context'
import { waitForMint } from '../minting/wait-for-mint'

export type AcceptedEvent = {
  eventId: string
  eventType: string
  rewardAmount: number
  walletAddress: string
  walletCreated: boolean
  mintJobId: string | null
}

export type SettledEvent = Omit<AcceptedEvent, 'mintJobId'> & {
  /** The mint's transaction hash; null while it is still pending (or when nothing is minted). */
  transactionHash: string | null
  status: 'confirmed' | 'pending'
}

/**
 * Waits (bounded) for an accepted event's mint and records its transaction hash on the event. On
 * timeout the event stays `pending`; the hash reaches the event record later through the mint job.
 */
export async function settleEvent(
  ctx: EngineContext,
  accepted: AcceptedEvent,
  timeoutMs: number,
): Promise<SettledEvent> {
  const { mintJobId, ...event } = accepted
  if (mintJobId === null) return { ...event, transactionHash: null, status: 'confirmed' }
  const mint = await waitForMint(ctx, { jobId: mintJobId }, { timeoutMs })
  if (mint.status === 'confirmed' && mint.txHash) {
    await ctx.storage.events.setTransactionHash(event.eventId, mint.txHash)
    return { ...event, transactionHash: mint.txHash, status: 'confirmed' }
  }
  return { ...event, transactionHash: null, status: 'pending' }
}
