import type { EngineContext } from '../context'
import { getTokenBalance } from '../identity/get-token-balance'
import type { GetMemberReturnType } from './get-member'
import type { MemberIdentifier } from './member-identifier'
import { memberNotFound } from './member-not-found'
import { requireMemberWallet } from './require-member-wallet'

/**
 * The member at a brand the caller may read (`getMember`, the admin member read): its wallet, its
 * on-chain balance (network-wide) and its totals at the brand from the ledger. 404 MEMBER_NOT_FOUND
 * when the email has no wallet or the wallet has no ledger entry at the brand; 503 CHAIN_UNAVAILABLE
 * when the balance cannot be read. A step, not an operation.
 */
export async function readMemberAtBrand(
  ctx: EngineContext,
  brandId: string,
  member: MemberIdentifier,
): Promise<GetMemberReturnType> {
  const { walletAddress, label } = await requireMemberWallet(ctx.storage, member)
  const totals = await ctx.storage.ledger.memberTotals({ walletAddress, brandId })
  if (totals.entries === 0 || totals.firstActivityAt === null || totals.lastActivityAt === null) {
    throw memberNotFound(label)
  }
  const { firstActivityAt, lastActivityAt } = totals
  const balance = await getTokenBalance(ctx, { address: walletAddress })
  return {
    brandId,
    walletAddress,
    email: member.kind === 'email' ? member.email : null,
    balance: balance.balance,
    balanceWei: balance.balanceWei,
    token: balance.token,
    totals: {
      earned: totals.earned,
      bought: totals.bought,
      granted: totals.granted,
      redeemed: totals.redeemed,
      clawedBack: totals.clawedBack,
      transferredIn: totals.transferredIn,
      transferredOut: totals.transferredOut,
      unconfirmed: totals.unconfirmed,
      entries: totals.entries,
    },
    firstActivityAt: new Date(firstActivityAt).toISOString(),
    lastActivityAt: new Date(lastActivityAt).toISOString(),
  }
}
