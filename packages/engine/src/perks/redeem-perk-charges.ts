import { perkCollectionAbi } from '@loyaltykit/contracts'
import { encodeFunctionData, type Hash, parseEventLogs } from 'viem'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { decodeRelayRevert } from '../relay/decode-relay-revert'
import { TransactionFailedError } from '../relay/relay-errors'
import { relaySenderOf } from '../relay/relay-sender-of'
import { PerkChargesError } from './perk-errors'
import { readBrandPerkToken } from './read-brand-perk-token'
import { type RedeemPerkChargesParameters, redeemPerkChargesParametersSchema } from './redeem-perk-charges-schema'

export type RedeemPerkChargesOptions = {
  /** The brand that signed the request (`verifyBrandSignature`): only its collections are served. */
  brandId: string
}

export type RedeemPerkChargesReturnType = {
  success: true
  collectionId: string
  tokenId: string
  /** Lowercase 0x address of the holder. */
  owner: string
  chargesUsed: number
  chargesRemaining: number
  chargesTotal: number
  transactionHash: Hash
  blockNumber: number
}

/**
 * Uses `charges` charges of a claimed perk token of one of the brand's collections (`useCharges`,
 * signed by the relayer account, which holds OPERATOR_ROLE). Refuses before any transaction when the
 * collection is another brand's (403 PERK_NOT_OWNED), the token does not exist or is of another
 * collection (404 TOKEN_NOT_FOUND), or it has no / too few charges left (409 NO_CHARGES_LEFT /
 * INSUFFICIENT_CHARGES); a concurrent redemption that wins the race makes the later one answer 409
 * the same way. `brandId` comes from the verified request signature.
 */
export async function redeemPerkCharges(
  ctx: EngineContext,
  params: RedeemPerkChargesParameters,
  options: RedeemPerkChargesOptions,
): Promise<RedeemPerkChargesReturnType> {
  const p = parseInput(redeemPerkChargesParametersSchema, params, 'Invalid perk redemption')
  const chain = requireChain(ctx)
  const token = await readBrandPerkToken(chain, { brandId: options.brandId, ...p })
  const ids = { collectionId: p.collectionId.toString(), tokenId: p.tokenId.toString() }
  if (token.chargesRemaining < p.charges) {
    throw new PerkChargesError({ ...ids, requested: p.charges, chargesRemaining: token.chargesRemaining })
  }
  const to = chain.contracts.perkCollection
  const data = encodeFunctionData({ abi: perkCollectionAbi, functionName: 'useCharges', args: [p.tokenId, p.charges] })
  const refusal = (error: unknown) => {
    const revert = decodeRelayRevert(error)
    if (revert.reverted && (revert.errorName === 'NoChargesLeft' || revert.errorName === 'InsufficientCharges')) {
      const remaining = revert.errorName === 'NoChargesLeft' ? 0 : Number(revert.args[2])
      return new PerkChargesError({ ...ids, requested: p.charges, chargesRemaining: remaining })
    }
    return revert
  }
  let gas: bigint
  try {
    gas = await chain.publicClient.estimateGas({ account: chain.relayer.address, to, data })
  } catch (error) {
    const r = refusal(error)
    if (r instanceof PerkChargesError) throw r
    if (!r.reverted)
      throw new UnavailableError('The chain could not simulate useCharges', 'CHAIN_UNAVAILABLE', {}, error)
    throw new TransactionFailedError('useCharges would fail', { stage: 'simulation', reason: r.message })
  }
  const outcome = await relaySenderOf(ctx).send({
    kind: 'operator',
    to,
    data,
    gas: (gas * 120n) / 100n,
    functionName: 'useCharges',
    userAddress: null,
    brandId: options.brandId,
  })
  if (outcome.receipt.status !== 'success') {
    try {
      await chain.publicClient.call({
        account: chain.relayer.address,
        to,
        data,
        blockNumber: outcome.receipt.blockNumber - 1n,
      })
    } catch (error) {
      const r = refusal(error)
      if (r instanceof PerkChargesError) throw r
    }
    throw new TransactionFailedError('useCharges failed on chain', {
      stage: 'execution',
      reason: 'reverted',
      transactionHash: outcome.txHash,
    })
  }
  const used = parseEventLogs({ abi: perkCollectionAbi, eventName: 'ChargesUsed', logs: outcome.receipt.logs })[0]
  ctx.logger.info({ brandId: options.brandId, ...ids, charges: p.charges }, 'perk charges used')
  return {
    success: true,
    ...ids,
    owner: token.owner,
    chargesUsed: p.charges,
    chargesRemaining: used ? Number(used.args.remaining) : token.chargesRemaining - p.charges,
    chargesTotal: token.chargesTotal,
    transactionHash: outcome.txHash,
    blockNumber: Number(outcome.receipt.blockNumber),
  }
}
