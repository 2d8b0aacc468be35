import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, formatUnits, parseEventLogs } from 'viem'
import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import { checkPurchaseConstraint } from '../constraints/check-purchase-constraint'
import type { EngineContext } from '../context'
import { ConflictError, NotFoundError } from '../errors/common-errors'
import { LoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import { TOKEN_DECIMALS } from '../minting/mint-amount'
import type { PerkRedemption } from '../ports/perk-redemption-store'
import type { PerkRecord } from '../ports/perk-store'
import { executePermit } from '../relay/execute-permit'
import { brandIdSchema } from '../schemas/brand-id'
import { readMemberClaimState, refusalOfState } from './member-claim-state'
import { newConfirmationCode } from './new-confirmation-code'
import { PerkRedemptionRefusedError } from './perk-redemption-refused-error'
import { sendMemberClaim } from './send-member-claim'
import { signMemberPermit } from './sign-member-permit'
import { withMemberLease } from './with-member-lease'

export const redeemForMemberParametersSchema = z.object({
  /** The perk's id (PerkRecord.id, the `id` of the agent API's and site plugin's perks). */
  perkId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  /** The brand the caller acts for: the perk must be one of its perks. */
  brandId: z.string().trim().toLowerCase().pipe(brandIdSchema),
  /** The member's custodial wallet (the server signs the permit with its key). */
  walletAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .transform((v) => v.toLowerCase() as Address),
  source: z.enum(['agent', 'site']),
  /** The agent key asking (source `agent`). */
  agentKeyId: z.string().max(64).optional(),
  /** The same key again (same caller) answers the first redemption again instead of redeeming twice. */
  idempotencyKey: z.string().trim().min(1).max(255).optional(),
})

export type RedeemForMemberParameters = z.input<typeof redeemForMemberParametersSchema>

export type RedeemForMemberReturnType = {
  redemptionId: string
  confirmationCode: string
  perk: { id: string; collectionId: number; name: string; cost: number; category: string | null }
  /** Whole tokens paid (the price at the claim). */
  pointsSpent: number
  /** The member's balance right after the claim (whole tokens, may carry a fraction). */
  newBalance: number
  walletAddress: string
  /** The claimed perk token (uint256, decimal string). */
  tokenId: string
  transactionHash: string
  createdAt: number
  /** True when this answers an earlier redemption with the same idempotency key. */
  replayed: boolean
}

const tokens = (wei: bigint) => Number(formatUnits(wei, TOKEN_DECIMALS))

function answerOf(r: PerkRedemption, perk: PerkRecord, code: string, replayed: boolean): RedeemForMemberReturnType {
  return {
    redemptionId: r.id,
    confirmationCode: code,
    perk: {
      id: perk.id,
      collectionId: perk.collectionId,
      name: perk.name,
      cost: Number(r.price),
      category: perk.category,
    },
    pointsSpent: Number(r.price),
    newBalance: Number(r.newBalance),
    walletAddress: r.walletAddress,
    tokenId: r.tokenId,
    transactionHash: r.transactionHash,
    createdAt: r.createdAt,
    replayed,
  }
}

/**
 * Redeems a perk for a member, server-side (docs/perks.md#redeeming-for-a-member): the agent API's
 * `redeem_perk` and the site plugin's redeem. The perk must be the brand's (404 PERK_NOT_FOUND) and
 * the wallet custodial (404 WALLET_NOT_FOUND). Under the member's lease (one redemption per member at
 * a time): an earlier redemption with the same idempotency key is answered again; the chain must
 * show the perk active, in stock, the member under its per-user limit and their balance ≥ the price,
 * and the brand's purchase constraint must allow it (else PerkRedemptionRefusedError, nothing spent);
 * a permit for the price is signed with the wallet's key and executed, then `claimFor` is sent
 * through the relay sender (whose settlement writes the ledger's redemption entries); a claim the
 * chain refuses (another took the last one) is the same refusal. Then, in one transaction, the
 * `perk_redemptions` row and the confirmation code.
 */
export async function redeemForMember(
  ctx: EngineContext,
  params: RedeemForMemberParameters,
): Promise<RedeemForMemberReturnType> {
  const p = parseInput(redeemForMemberParametersSchema, params, 'Invalid redemption')
  const chain = requireChain(ctx)
  const perk = await ctx.storage.perks.get(p.perkId)
  if (!perk || perk.brandId !== p.brandId) {
    throw new NotFoundError('No such perk at this brand', 'PERK_NOT_FOUND', { perkId: p.perkId, brandId: p.brandId })
  }
  const wallet = await ctx.storage.wallets.findByAddress(p.walletAddress)
  if (!wallet) {
    throw new NotFoundError('The member has no custodial wallet here', 'WALLET_NOT_FOUND', { address: p.walletAddress })
  }
  const owner = wallet.address as Address
  const scope = p.source === 'agent' ? `agent:${p.agentKeyId ?? ''}` : `site:${p.brandId}`

  return withMemberLease(ctx, owner, async () => {
    if (p.idempotencyKey !== undefined) {
      const prior = await ctx.storage.perkRedemptions.findByIdempotencyKey({ scope, key: p.idempotencyKey })
      if (prior) {
        if (prior.perkId !== perk.id || prior.walletAddress !== owner) {
          throw new ConflictError('This idempotency key was used for another redemption', 'IDEMPOTENCY_KEY_REUSED', {
            redemptionId: prior.id,
          })
        }
        const code = await ctx.storage.redemptionCodes.findByClaim(prior)
        return answerOf(prior, perk, code?.code ?? '', true)
      }
    }
    const collectionId = BigInt(perk.collectionId)
    const state = await readMemberClaimState(chain, { collectionId, wallet: owner })
    const refusal = refusalOfState(state)
    if (refusal) throw refusal
    const constraint = await checkPurchaseConstraint(ctx, { collectionId: perk.collectionId, userAddress: owner })
    if (!constraint.allowed) {
      throw new PerkRedemptionRefusedError('constraint', 'The brand’s purchase constraint refused this member', {
        constraintReason: constraint.reason,
      })
    }
    if (state.price > 0n && state.allowance < state.price) {
      const spender = chain.contracts.perkCollection
      const permit = await signMemberPermit(ctx, chain, { owner, spender, value: state.price })
      await executePermit(ctx, chain, { permit, brandId: perk.brandId, receiptTimeoutMs: 60_000 })
    }
    const { txHash, receipt } = await sendMemberClaim(ctx, chain, {
      wallet: owner,
      collectionId,
      brandId: perk.brandId,
    })
    const claim = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs: receipt.logs }).find(
      (l) =>
        l.address.toLowerCase() === chain.contracts.perkCollection.toLowerCase() &&
        l.args.user.toLowerCase() === owner &&
        l.args.collectionId === collectionId,
    )
    if (!claim) {
      throw new LoyaltyError('The claim was mined without a PerkClaimed log', {
        code: 'CLAIM_LOG_MISSING',
        category: 'internal',
        details: { transactionHash: txHash },
      })
    }
    const newBalance = await chain.publicClient.readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'balanceOf',
      args: [owner],
      blockNumber: receipt.blockNumber,
    })
    const tokenId = claim.args.tokenId.toString()
    const row: PerkRedemption = {
      id: `${collectionId}:${tokenId}`,
      collectionId: collectionId.toString(),
      tokenId,
      perkId: perk.id,
      brandId: perk.brandId,
      walletAddress: owner,
      userKey: wallet.ownerKey,
      price: String(tokens(claim.args.price)),
      newBalance: String(tokens(newBalance)),
      transactionHash: txHash.toLowerCase(),
      source: p.source,
      agentKeyId: p.agentKeyId ?? null,
      idempotencyScope: p.idempotencyKey === undefined ? null : scope,
      idempotencyKey: p.idempotencyKey ?? null,
      createdAt: ctx.clock.now(),
    }
    const code = newConfirmationCode()
    await ctx.storage.transaction(async (tx) => {
      // A key taken meanwhile by another wallet's redemption (the lease is per wallet): keep this one without it.
      if (!(await tx.perkRedemptions.record(row))) {
        await tx.perkRedemptions.record({ ...row, idempotencyScope: null, idempotencyKey: null })
      }
      await tx.redemptionCodes.record({
        code,
        collectionId: row.collectionId,
        tokenId: row.tokenId,
        createdAt: row.createdAt,
      })
    })
    ctx.logger.info(
      {
        perkId: perk.id,
        brandId: perk.brandId,
        walletAddress: owner,
        tokenId: row.tokenId,
        transactionHash: txHash,
        source: p.source,
      },
      'perk redeemed for a member',
    )
    return answerOf(row, perk, code, false)
  })
}
