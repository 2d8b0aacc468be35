import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, type Hash } from 'viem'
import type { EngineContext } from '../context'
import type { ChainPort } from '../ports/chain'
import { decodeRelayRevert } from './decode-relay-revert'
import { TransactionFailedError, TransactionNotAllowedError } from './relay-errors'
import type { RelayPermit } from './relay-schema'
import { relaySenderOf } from './relay-sender-of'

/** Gas of a permit is estimated, with this headroom (percent). */
const GAS_HEADROOM = 120n

/**
 * Checks a permit against the call it serves: its owner must be the user, its spender the contract
 * that pulls the points (or the relayer for a token `transferFrom`). Throws TransactionNotAllowedError.
 */
export function assertPermitFor(permit: RelayPermit, p: { user: Address; spender: Address; token: Address }): void {
  if (permit.owner !== p.user.toLowerCase()) {
    throw new TransactionNotAllowedError("The permit's owner is not userAddress", {
      reason: 'PERMIT_OWNER_MISMATCH',
      contract: p.token.toLowerCase(),
      owner: permit.owner,
      allowed: [p.user.toLowerCase()],
    })
  }
  if (permit.spender !== p.spender.toLowerCase()) {
    throw new TransactionNotAllowedError("The permit's spender is not the contract this call needs", {
      reason: 'PERMIT_SPENDER_NOT_ALLOWED',
      contract: p.token.toLowerCase(),
      spender: permit.spender,
      allowed: [p.spender.toLowerCase()],
    })
  }
}

async function allowanceOf(chain: ChainPort, permit: RelayPermit): Promise<bigint> {
  return chain.publicClient.readContract({
    address: chain.contracts.pointsToken,
    abi: pointsTokenAbi,
    functionName: 'allowance',
    args: [permit.owner, permit.spender],
  })
}

/**
 * Executes an ERC-2612 permit on the points token before the main transaction, unless the allowance
 * is already in place (a front-run or repeated permit: then it is skipped). The permit is simulated
 * first, so an invalid one costs no gas (TransactionNotAllowedError 403 PERMIT_INVALID / PERMIT_EXPIRED);
 * a permit that reverts on chain is tolerated when the allowance is there afterwards (someone else
 * executed the same signature first), else TransactionFailedError (stage `permit`).
 */
export async function executePermit(
  ctx: EngineContext,
  chain: ChainPort,
  p: { permit: RelayPermit; brandId: string | null; receiptTimeoutMs: number; replaceAfterMs?: number },
): Promise<{ executed: boolean; transactionHash?: Hash }> {
  const { permit } = p
  const token = chain.contracts.pointsToken
  if ((await allowanceOf(chain, permit)) >= permit.value) return { executed: false }
  const nowSeconds = Math.floor(ctx.clock.now() / 1000)
  if (permit.deadline <= nowSeconds) {
    throw new TransactionNotAllowedError('The permit has expired', {
      reason: 'PERMIT_EXPIRED',
      contract: token.toLowerCase(),
      deadline: permit.deadline,
      allowed: [],
    })
  }
  const v = permit.v < 27 ? permit.v + 27 : permit.v
  const data = encodeFunctionData({
    abi: pointsTokenAbi,
    functionName: 'permit',
    args: [permit.owner, permit.spender, permit.value, BigInt(permit.deadline), v, permit.r, permit.s],
  })
  let gas: bigint
  try {
    gas = await chain.publicClient.estimateGas({ account: chain.relayer.address, to: token, data })
  } catch (error) {
    const revert = decodeRelayRevert(error)
    if (!revert.reverted) throw error
    if ((await allowanceOf(chain, permit)) >= permit.value) return { executed: false }
    throw new TransactionNotAllowedError('The permit is invalid', {
      reason: 'PERMIT_INVALID',
      contract: token.toLowerCase(),
      revert: revert.message,
      allowed: [],
    })
  }
  const outcome = await relaySenderOf(ctx).send(
    {
      kind: 'permit',
      to: token,
      data,
      gas: (gas * GAS_HEADROOM) / 100n,
      functionName: 'permit',
      userAddress: permit.owner,
      brandId: p.brandId,
    },
    { receiptTimeoutMs: p.receiptTimeoutMs, ...(p.replaceAfterMs ? { replaceAfterMs: p.replaceAfterMs } : {}) },
  )
  if (outcome.receipt.status !== 'success' && (await allowanceOf(chain, permit)) < permit.value) {
    throw new TransactionFailedError('The permit transaction failed on chain', {
      stage: 'permit',
      reason: 'reverted',
      transactionHash: outcome.txHash,
    })
  }
  return { executed: true, transactionHash: outcome.txHash }
}
