import type { z } from 'zod'
import { authorizeBrandReader, type BrandReaderOptions } from '../brands/authorize-brand-reader'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { toCursorList } from '../schemas/cursor-list'
import {
  type ListMemberHistoryParameters,
  listMemberHistoryParametersSchema,
  type listMemberHistoryResponseSchema,
} from './list-member-history-schema'
import { toMemberLedgerEntry } from './member-ledger-entry'
import { memberNotFound } from './member-not-found'
import { requireMemberWallet } from './require-member-wallet'

export type ListMemberHistoryOptions = BrandReaderOptions

export type ListMemberHistoryReturnType = z.output<typeof listMemberHistoryResponseSchema>

/**
 * A member's ledger entries at the caller's brand, newest first, one page at a time (keyset on
 * (createdAt, id) over the index (brand_id, wallet_address, created_at, id): entries with the same
 * time are neither repeated nor skipped across pages). 404 MEMBER_NOT_FOUND when the first page is
 * empty (as `getMember`); a later page may be empty.
 */
export async function listMemberHistory(
  ctx: EngineContext,
  params: ListMemberHistoryParameters,
  options: ListMemberHistoryOptions = {},
): Promise<ListMemberHistoryReturnType> {
  const brandId = await authorizeBrandReader(ctx, options, (params as { brandId?: unknown } | undefined)?.brandId)
  const p = parseInput(listMemberHistoryParametersSchema, params, 'Invalid history query')
  const member = p.emailOrAddress
  const { walletAddress, label } = await requireMemberWallet(ctx.storage, member)
  const page = await ctx.storage.ledger.listByWallet({ walletAddress, brandId, before: p.cursor, limit: p.limit })
  if (p.cursor === undefined && page.entries.length === 0) throw memberNotFound(label)
  return toCursorList(page.entries.map(toMemberLedgerEntry), page.next)
}
