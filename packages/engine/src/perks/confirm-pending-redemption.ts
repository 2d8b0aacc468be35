import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, formatUnits, type Hash, parseEventLogs, type TransactionReceipt } from 'viem'
import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import { TOKEN_DECIMALS } from '../minting/mint-amount'
import type { ChainPort } from '../ports/chain'
import type { PendingRedemption } from '../ports/pending-redemption-store'
import type { PerkRedemption } from '../ports/perk-redemption-store'
import { newConfirmationCode } from './new-confirmation-code'

/** A confirmed redemption: its `perk_redemptions` row and its confirmation code. */
export type SettledRedemption = { row: PerkRedemption; code: string }

const tokens = (wei: bigint) => Number(formatUnits(wei, TOKEN_DECIMALS))

/** The row and code of a confirmed redemption (`<collectionId>:<tokenId>`). */
export async function loadSettledRedemption(
  ctx: EngineContext,
  redemptionId: string,
): Promise<SettledRedemption | undefined> {
  const [collectionId = '', tokenId = ''] = redemptionId.split(':')
  const row = await ctx.storage.perkRedemptions.findByClaim({ collectionId, tokenId })
  if (!row) return undefined
  const code = await ctx.storage.redemptionCodes.findByClaim(row)
  return { row, code: code?.code ?? '' }
}

/**
 * Confirms a pending redemption from its mined claim (docs/perks.md "Redemption states"): the
 * `PerkClaimed` log of the member's claim gives the token and the price, the balance is read at the
 * claim's block; then one storage transaction moves it from pending to confirmed and writes the
 * `perk_redemptions` row and the confirmation code. Of concurrent confirmations (a retry, another
 * process, the recovery) exactly one writes; the others answer what it wrote.
 */
export async function confirmPendingRedemption(
  ctx: EngineContext,
  chain: ChainPort,
  pending: PendingRedemption,
  mined: { txHash: string; receipt: TransactionReceipt },
): Promise<SettledRedemption> {
  const owner = pending.walletAddress.toLowerCase()
  const collectionId = BigInt(pending.collectionId)
  const claim = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs: mined.receipt.logs }).find(
    (l) =>
      l.address.toLowerCase() === chain.contracts.perkCollection.toLowerCase() &&
      l.args.user.toLowerCase() === owner &&
      l.args.collectionId === collectionId,
  )
  if (!claim) {
    throw new LoyaltyError('The claim was mined without a PerkClaimed log', {
      code: 'CLAIM_LOG_MISSING',
      category: 'internal',
      details: { transactionHash: mined.txHash },
    })
  }
  const newBalance = await chain.publicClient.readContract({
    address: chain.contracts.pointsToken,
    abi: pointsTokenAbi,
    functionName: 'balanceOf',
    args: [owner as Address],
    blockNumber: mined.receipt.blockNumber,
  })
  const tokenId = claim.args.tokenId.toString()
  const row: PerkRedemption = {
    id: `${collectionId}:${tokenId}`,
    collectionId: collectionId.toString(),
    tokenId,
    perkId: pending.perkId,
    brandId: pending.brandId,
    walletAddress: owner,
    userKey: pending.userKey,
    price: String(tokens(claim.args.price)),
    newBalance: String(tokens(newBalance)),
    transactionHash: (mined.txHash as Hash).toLowerCase(),
    source: pending.source,
    agentKeyId: pending.agentKeyId,
    idempotencyScope: pending.idempotencyScope,
    idempotencyKey: pending.idempotencyKey,
    createdAt: ctx.clock.now(),
  }
  const code = newConfirmationCode()
  const won = await ctx.storage.transaction(async (tx) => {
    if (!(await tx.pendingRedemptions.confirm({ id: pending.id, redemptionId: row.id, now: row.createdAt }))) {
      return false
    }
    // The key held by a row made before pending redemptions existed: keep this one without it.
    if (!(await tx.perkRedemptions.record(row))) {
      await tx.perkRedemptions.record({ ...row, idempotencyScope: null, idempotencyKey: null })
    }
    await tx.redemptionCodes.record({ code, collectionId: row.collectionId, tokenId, createdAt: row.createdAt })
    return true
  })
  if (won) {
    ctx.logger.info(
      {
        perkId: row.perkId,
        brandId: row.brandId,
        walletAddress: owner,
        tokenId,
        transactionHash: row.transactionHash,
        source: row.source,
      },
      'perk redeemed for a member',
    )
    return { row, code }
  }
  const now = await ctx.storage.pendingRedemptions.get(pending.id)
  const settled = now?.redemptionId ? await loadSettledRedemption(ctx, now.redemptionId) : undefined
  if (settled) return settled
  throw new LoyaltyError('The redemption’s claim was mined but the redemption was settled as failed', {
    code: 'REDEMPTION_STATE_CONFLICT',
    category: 'internal',
    details: { pendingRedemptionId: pending.id, transactionHash: mined.txHash },
  })
}
