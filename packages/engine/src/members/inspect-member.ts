import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { adminLedgerEntrySchema, toAdminLedgerEntry } from '../ledger/admin-ledger-entry'
import { brandIdSchema } from '../schemas/brand-id'
import { toCursorList } from '../schemas/cursor-list'
import { getMemberResponseSchema } from './get-member-schema'
import { memberIdentifierSchema } from './member-identifier'
import { readMemberAtBrand } from './read-member-at-brand'

/** The history's first page here; the rest is the ledger list with `wallet=`. */
const HISTORY_PAGE = 20

/** `GET /admin/v1/brands/:brandId/members/:member` (docs/admin-api.md#members). */
export const inspectMemberParametersSchema = z.object({
  brandId: brandIdSchema,
  /** The member: a 0x wallet address or an email (its custodial wallet). */
  member: memberIdentifierSchema,
})

export type InspectMemberParameters = z.input<typeof inspectMemberParametersSchema>

export const inspectMemberResponseSchema = getMemberResponseSchema.extend({
  /** The newest 20 ledger entries at the brand, each with its explorer link when one is configured. */
  history: z.array(adminLedgerEntrySchema),
  /** `cursor` of `GET …/ledger?wallet=<walletAddress>` for the older entries; null when these are all. */
  historyNextCursor: z.string().nullable(),
})

export type InspectMemberReturnType = z.output<typeof inspectMemberResponseSchema>

/**
 * One member of a brand for its managers: what `getMember` answers (balance, totals at the brand)
 * and its newest ledger entries with their proof-of-issuance links. 404 BRAND_NOT_FOUND,
 * 404 MEMBER_NOT_FOUND (no wallet, or no entry at this brand), 503 CHAIN_UNAVAILABLE (the balance).
 */
export async function inspectMember(
  ctx: EngineContext,
  params: InspectMemberParameters,
): Promise<InspectMemberReturnType> {
  const p = parseInput(inspectMemberParametersSchema, params, 'Invalid member')
  await requireBrand(ctx.storage, p.brandId)
  const member = await readMemberAtBrand(ctx, p.brandId, p.member)
  const page = await ctx.storage.ledger.listByWallet({
    walletAddress: member.walletAddress,
    brandId: p.brandId,
    limit: HISTORY_PAGE,
  })
  return {
    ...member,
    history: page.entries.map((e) => toAdminLedgerEntry(ctx.chain, e)),
    historyNextCursor: toCursorList(page.entries, page.next).next_cursor,
  }
}
