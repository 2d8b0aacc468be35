import type { z } from 'zod'
import { authorizeBrandReader, type BrandReaderOptions } from '../brands/authorize-brand-reader'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { getTokenBalance } from '../identity/get-token-balance'
import { type GetMemberParameters, getMemberParametersSchema, type getMemberResponseSchema } from './get-member-schema'
import { memberNotFound } from './member-not-found'
import { requireMemberWallet } from './require-member-wallet'

export type GetMemberOptions = BrandReaderOptions

export type GetMemberReturnType = z.output<typeof getMemberResponseSchema>

/**
 * A member of the caller's brand (docs/api/members.md): its wallet, its on-chain balance (network-wide)
 * and its totals at this brand from the ledger (one aggregate over the index (brand_id,
 * wallet_address, created_at, id)). The brand is the API key's (`authorizeBrandReader`, checked before
 * the input). 404 MEMBER_NOT_FOUND when the email has no wallet or the wallet has no ledger entry at
 * this brand; 503 CHAIN_UNAVAILABLE when the balance cannot be read.
 */
export async function getMember(
  ctx: EngineContext,
  params: GetMemberParameters,
  options: GetMemberOptions = {},
): Promise<GetMemberReturnType> {
  const brandId = await authorizeBrandReader(ctx, options, (params as { brandId?: unknown } | undefined)?.brandId)
  const p = parseInput(getMemberParametersSchema, params, 'Invalid member')
  const member = p.emailOrAddress
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
