import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import { brandIdSchema } from '../schemas/brand-id'
import { wireFormats } from '../schemas/wire-formats'
import { memberIdentifierSchema } from './member-identifier'

const USER_KEY = /^(email|oauth):\S{1,300}$/

/** `GET /admin/v1/brands/:brandId/members?q=` (docs/admin-api.md#members). */
export const searchMembersParametersSchema = z.object({
  brandId: brandIdSchema,
  /** An email, a 0x wallet address, or a user key in wallet-owner form (`email:…`, `oauth:discord:…`). Exact match. */
  q: z
    .string({ error: 'is required (an email, a 0x wallet address or a user key)' })
    .trim()
    .min(1, 'is required (an email, a 0x wallet address or a user key)')
    .max(320, 'must be at most 320 characters'),
})

export type SearchMembersParameters = z.input<typeof searchMembersParametersSchema>

const memberMatchSchema = z.object({
  walletAddress: wireFormats.address,
  /** The custodial wallet's owner (`email:ann@example.com`, `oauth:discord:…`); null for a wallet the server does not hold. */
  userKey: z.string().nullable(),
  /** Rewards, and points spent on the brand's perks, whole tokens (docs/members.md totals). */
  earned: z.number().int(),
  redeemed: z.number().int(),
  entries: wireFormats.count,
  firstActivityAt: wireFormats.isoTimestamp,
  lastActivityAt: wireFormats.isoTimestamp,
})

/** The matches (0 or 1: the search is exact), as an admin list. */
export const searchMembersResponseSchema = z.object({ data: z.array(memberMatchSchema), nextCursor: z.null() })

export type SearchMembersReturnType = z.output<typeof searchMembersResponseSchema>

/** The wallet `q` names, if any: an address itself, an email's or a user key's custodial wallet. */
async function walletOf(ctx: EngineContext, q: string): Promise<string | undefined> {
  const identifier = memberIdentifierSchema.safeParse(q)
  const member = identifier.success ? identifier.data : undefined
  if (member?.kind === 'address') return member.address
  const ownerKey = member?.kind === 'email' ? `email:${member.email}` : USER_KEY.test(q) ? q : undefined
  if (ownerKey === undefined) return undefined
  const wallet = await ctx.storage.wallets.findByOwner(await resolveWalletOwnerKey(ctx.storage, ownerKey))
  return wallet?.address.toLowerCase()
}

/**
 * Finds a member of the brand by email, wallet address or user key (exact; an email resolves through
 * identity links as the member reads do). A wallet without a ledger entry at the brand is no match:
 * the answer never tells that someone is a member elsewhere. Anything else is an empty list, not an error.
 */
export async function searchMembers(
  ctx: EngineContext,
  params: SearchMembersParameters,
): Promise<SearchMembersReturnType> {
  const p = parseInput(searchMembersParametersSchema, params, 'Invalid member search')
  await requireBrand(ctx.storage, p.brandId)
  const walletAddress = await walletOf(ctx, p.q)
  if (walletAddress === undefined) return { data: [], nextCursor: null }
  const totals = await ctx.storage.ledger.memberTotals({ walletAddress, brandId: p.brandId })
  if (totals.entries === 0 || totals.firstActivityAt === null || totals.lastActivityAt === null) {
    return { data: [], nextCursor: null }
  }
  const wallet = await ctx.storage.wallets.findByAddress(walletAddress)
  return {
    data: [
      {
        walletAddress,
        userKey: wallet?.ownerKey ?? null,
        earned: totals.earned,
        redeemed: totals.redeemed,
        entries: totals.entries,
        firstActivityAt: new Date(totals.firstActivityAt).toISOString(),
        lastActivityAt: new Date(totals.lastActivityAt).toISOString(),
      },
    ],
    nextCursor: null,
  }
}
