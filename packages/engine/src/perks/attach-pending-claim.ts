import type { EngineContext } from '../context'
import { ConflictError } from '../errors/common-errors'
import type { RelayTxRecord } from '../ports/relay-store'
import type { Stores } from '../ports/storage'

/**
 * The relay intent's `onSigned` of a redemption's claim: records the signed claim's hash and nonce
 * on the pending redemption, in the transaction that stores the signed claim. A redemption no longer
 * pending (settled as failed by a retry or the recovery while this one outlived its lease) throws,
 * which rolls the signature back: a failed redemption is never claimed.
 */
export async function attachPendingClaim(
  ctx: EngineContext,
  tx: Stores,
  pendingRedemptionId: string,
  record: RelayTxRecord,
): Promise<void> {
  const attached = await tx.pendingRedemptions.attachTransaction({
    id: pendingRedemptionId,
    chainId: record.chainId,
    signer: record.signer,
    nonce: record.nonce,
    transactionHash: record.txHash,
    now: ctx.clock.now(),
  })
  if (!attached) {
    throw new ConflictError('This redemption was settled while its claim was being signed', 'REDEMPTION_SETTLED', {
      pendingRedemptionId,
    })
  }
}
