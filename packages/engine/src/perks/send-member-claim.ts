import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData, type Hash, type TransactionReceipt } from 'viem'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { ChainPort } from '../ports/chain'
import { decodeRelayRevert, type RelayRevert } from '../relay/decode-relay-revert'
import { TransactionFailedError } from '../relay/relay-errors'
import { relaySenderOf } from '../relay/relay-sender-of'
import type { RelayTxIntent } from '../relay/relay-sender-runtime'
import { refusalOfRevert } from './member-claim-state'

const GAS_HEADROOM = 120n

function failure(revert: RelayRevert, stage: 'simulation' | 'execution', transactionHash?: Hash): Error {
  return (
    refusalOfRevert(revert) ??
    new TransactionFailedError(stage === 'simulation' ? 'The claim would fail on chain' : 'The claim failed on chain', {
      stage,
      reason: revert.message,
      ...(transactionHash ? { transactionHash } : {}),
    })
  )
}

/**
 * `claimFor(wallet, collectionId)` from the relayer account (RELAYER_ROLE) through the relay sender
 * (nonces from storage; its settlement writes the ledger's redemption entries from the receipt).
 * Simulated first: a claim the contract would refuse costs nothing and throws the refusal
 * (PerkRedemptionRefusedError: inactive, sold out, per-user limit, balance). A mined revert (another
 * claim took the last one first) is decoded against the state after its block. Answers the receipt.
 * `onSigned` runs in the transaction that stores the signed claim (the pending redemption's hash).
 */
export async function sendMemberClaim(
  ctx: EngineContext,
  chain: ChainPort,
  p: { wallet: Address; collectionId: bigint; brandId: string; onSigned?: RelayTxIntent['onSigned'] },
): Promise<{ txHash: Hash; receipt: TransactionReceipt }> {
  const to = chain.contracts.perkCollection
  const data = encodeFunctionData({
    abi: perkCollectionAbi,
    functionName: 'claimFor',
    args: [p.wallet, p.collectionId],
  })
  const target = { account: chain.relayer.address, to, data }
  let gas: bigint
  try {
    gas = ((await chain.publicClient.estimateGas(target)) * GAS_HEADROOM) / 100n
  } catch (error) {
    const revert = decodeRelayRevert(error)
    if (!revert.reverted)
      throw new UnavailableError('The chain could not simulate the claim', 'CHAIN_UNAVAILABLE', {}, error)
    throw failure(revert, 'simulation')
  }
  const { txHash, receipt } = await relaySenderOf(ctx).send({
    kind: 'call',
    to,
    data,
    gas,
    functionName: 'claimFor',
    userAddress: p.wallet.toLowerCase(),
    brandId: p.brandId,
    ...(p.onSigned ? { onSigned: p.onSigned } : {}),
  })
  if (receipt.status === 'success') return { txHash, receipt }
  let revert: RelayRevert = { reverted: true, errorName: 'Unknown', args: [], message: 'reverted on chain' }
  try {
    await chain.publicClient.call({ ...target, gas, blockNumber: receipt.blockNumber })
  } catch (error) {
    const decoded = decodeRelayRevert(error)
    if (decoded.reverted) revert = decoded
  }
  throw failure(revert, 'execution', txHash)
}
