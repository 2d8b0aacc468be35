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
 * Waits (bounded) for an accepted event's mint and answers its transaction hash. Nothing is written:
 * an event's hash is read through its mint job once the job is confirmed (the event store's reads
 * resolve it), so an answer given here and an event read later name the same transaction.
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
    return { ...event, transactionHash: mint.txHash, status: 'confirmed' }
  }
  return { ...event, transactionHash: null, status: 'pending' }
}
