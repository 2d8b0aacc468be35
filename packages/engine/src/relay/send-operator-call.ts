import type { Address, Hex, TransactionReceipt } from 'viem'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { ChainPort } from '../ports/chain'
import { decodeRelayRevert } from './decode-relay-revert'
import { TransactionFailedError } from './relay-errors'
import { relaySenderOf } from './relay-sender-of'

/** Gas estimates of operator calls get this headroom (percent). */
const GAS_HEADROOM = 120n

/**
 * Sends one operator transaction from the relayer account (it holds OPERATOR_ROLE on the perk
 * collection and the points sale): estimated first, so a call that would revert costs nothing
 * (TransactionFailedError, `stage: "simulation"`, with the decoded custom error); then signed, stored,
 * broadcast and mined through the relay sender, its gas counted for `brandId`. A mined revert throws
 * TransactionFailedError (`stage: "execution"`, with the hash); an unreachable chain UnavailableError.
 * Answers the successful receipt.
 */
export async function sendOperatorCall(
  ctx: EngineContext,
  chain: ChainPort,
  p: { to: Address; data: Hex; functionName: string; brandId: string | null },
): Promise<{ txHash: Hex; receipt: TransactionReceipt }> {
  let gas: bigint
  try {
    gas = await chain.publicClient.estimateGas({ account: chain.relayer.address, to: p.to, data: p.data })
  } catch (error) {
    const revert = decodeRelayRevert(error)
    if (!revert.reverted)
      throw new UnavailableError(`The chain could not simulate ${p.functionName}`, 'CHAIN_UNAVAILABLE', {}, error)
    throw new TransactionFailedError(`${p.functionName} would fail`, { stage: 'simulation', reason: revert.message })
  }
  const outcome = await relaySenderOf(ctx).send({
    kind: 'operator',
    to: p.to,
    data: p.data,
    gas: (gas * GAS_HEADROOM) / 100n,
    functionName: p.functionName,
    userAddress: null,
    brandId: p.brandId,
  })
  if (outcome.receipt.status !== 'success') {
    throw new TransactionFailedError(`${p.functionName} failed on chain`, {
      stage: 'execution',
      reason: 'reverted',
      transactionHash: outcome.txHash,
    })
  }
  return { txHash: outcome.txHash, receipt: outcome.receipt }
}
