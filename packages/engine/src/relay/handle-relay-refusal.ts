import type { BroadcastFailure } from './broadcast-relay-transactions'
import { RelayUnavailableError } from './relay-errors'
import type { PendingRelay, RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'

/**
 * The transaction at `failure.index` of a group was refused: nothing behind it was broadcast. Errors
 * are classified, never retried blindly: a nonce used by someone else resyncs the sequence from the
 * chain and signs every one of them again; network trouble keeps the refused one stored (the
 * recovery re-broadcasts it) and answers 503; a gap or a refused fee releases the nonces and signs
 * again; anything else answers its request with the error. The ones behind always go back to the
 * queue (`requeue`), their nonces released.
 */
export async function handleRelayRefusal(
  rt: RelaySenderRuntime,
  signed: readonly SignedRelay[],
  failure: BroadcastFailure,
  requeue: (items: PendingRelay[]) => void,
): Promise<void> {
  const { ctx, scope } = rt
  const failed = signed[failure.index] as SignedRelay
  const behind = signed.slice(failure.index + 1)
  const { kind, message } = failure
  rt.logger.warn({ nonce: failed.record.nonce, kind, error: message }, 'relayer broadcast refused')
  if (kind === 'nonce_too_low') {
    // Someone else used our nonce: move the sequence to the chain; every one of them is signed again.
    const pending = await rt.client.getTransactionCount({ address: rt.signerAddress, blockTag: 'pending' })
    await ctx.storage.transaction(async (tx) => {
      await tx.nonces.resync({ ...scope, chainNonce: pending })
      for (const s of [failed, ...behind]) await rt.drop(tx, s.record, `not broadcast: ${message}`, false)
    })
    requeue([failed.item, ...behind.map((s) => s.item)])
    return
  }
  if (kind === 'transient') {
    // Unknown whether a node has it: keep it stored (the recovery re-broadcasts it), answer 503.
    await ctx.storage.transaction(async (tx) => {
      for (const s of behind) await rt.drop(tx, s.record, 'not broadcast: an earlier transaction failed', true)
    })
    rt.needsRecovery = true
    rt.stats.failed++
    failed.item.reject(
      new RelayUnavailableError('The chain did not accept the transaction; try again', 'RELAY_BROADCAST_FAILED', {
        transactionHash: failed.record.txHash,
        error: message,
      }),
    )
    requeue(behind.map((s) => s.item))
    return
  }
  const retryable = kind === 'nonce_too_high' || kind === 'underpriced' || kind === 'fee_too_low'
  await ctx.storage.transaction(async (tx) => {
    await rt.drop(tx, failed.record, message, true)
    for (const s of behind) await rt.drop(tx, s.record, 'not broadcast: an earlier transaction failed', true)
  })
  if (kind === 'nonce_too_high' || kind === 'underpriced') {
    rt.needsRecovery = true
    rt.fillGaps = true
  }
  if (kind === 'fee_too_low') rt.invalidateFees()
  if (retryable) {
    requeue([failed.item, ...behind.map((s) => s.item)])
    return
  }
  rt.stats.failed++
  failed.item.reject(
    kind === 'insufficient_funds'
      ? new RelayUnavailableError('The relayer account cannot pay for gas', 'RELAYER_OUT_OF_FUNDS', {
          relayer: rt.signerAddress,
        })
      : new RelayUnavailableError(`The chain refused the transaction: ${message}`, 'RELAY_BROADCAST_FAILED', {
          kind,
        }),
  )
  requeue(behind.map((s) => s.item))
}
