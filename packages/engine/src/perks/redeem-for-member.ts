import type { Address, TransactionReceipt } from 'viem'
import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import { checkPurchaseConstraint } from '../constraints/check-purchase-constraint'
import type { EngineContext } from '../context'
import { ConflictError, NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { PendingRedemption } from '../ports/pending-redemption-store'
import type { PerkRedemption } from '../ports/perk-redemption-store'
import type { PerkRecord } from '../ports/perk-store'
import { executePermit } from '../relay/execute-permit'
import { brandIdSchema } from '../schemas/brand-id'
import { attachPendingClaim } from './attach-pending-claim'
import { confirmPendingRedemption } from './confirm-pending-redemption'
import { readMemberClaimState, refusalOfState } from './member-claim-state'
import { PerkRedemptionRefusedError } from './perk-redemption-refused-error'
import { priorRedemption } from './prior-redemption'
import { sendMemberClaim } from './send-member-claim'
import { settleAfterFailure } from './settle-pending-redemption'
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
 * a time): an earlier redemption with the same idempotency key is answered again, settled from the
 * chain first when it is still pending (`priorRedemption`); the chain must show the perk active, in
 * stock, the member under its per-user limit and their balance ≥ the price, and the brand's purchase
 * constraint must allow it (else PerkRedemptionRefusedError, nothing spent); a permit for the price
 * is signed with the wallet's key and executed. Then a pending redemption is committed (holding the
 * key), `claimFor` is signed with its hash attached in the same transaction and sent through the
 * relay sender (whose settlement writes the ledger's redemption entries); a claim the chain refuses
 * (another took the last one) is the same refusal and fails it. From the receipt, in one transaction:
 * confirmed, the `perk_redemptions` row and the confirmation code (`confirmPendingRedemption`).
 * docs/perks.md "Redemption states".
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
      const prior = await priorRedemption(ctx, chain, { scope, key: p.idempotencyKey, perkId: perk.id, owner })
      if (prior) return answerOf(prior.row, perk, prior.code, true)
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
    // Recorded before the claim is signed (docs/perks.md "Redemption states").
    const now = ctx.clock.now()
    const pending: PendingRedemption = {
      id: ctx.ids.uuid(),
      perkId: perk.id,
      brandId: perk.brandId,
      collectionId: collectionId.toString(),
      walletAddress: owner,
      userKey: wallet.ownerKey,
      source: p.source,
      agentKeyId: p.agentKeyId ?? null,
      idempotencyScope: p.idempotencyKey === undefined ? null : scope,
      idempotencyKey: p.idempotencyKey ?? null,
      state: 'pending',
      chainId: null,
      signer: null,
      nonce: null,
      transactionHash: null,
      redemptionId: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    }
    if (!(await ctx.storage.pendingRedemptions.open(pending))) {
      // Taken meanwhile by another wallet's redemption (the lease is per wallet).
      throw new ConflictError('This idempotency key was used for another redemption', 'IDEMPOTENCY_KEY_REUSED', {})
    }
    let mined: { txHash: string; receipt: TransactionReceipt }
    try {
      mined = await sendMemberClaim(ctx, chain, {
        wallet: owner,
        collectionId,
        brandId: perk.brandId,
        onSigned: (tx, record) => attachPendingClaim(ctx, tx, pending.id, record),
      })
    } catch (error) {
      await settleAfterFailure(ctx, chain, pending.id, error)
      throw error
    }
    const { row, code } = await confirmPendingRedemption(ctx, chain, pending, mined)
    return answerOf(row, perk, code, false)
  })
}
