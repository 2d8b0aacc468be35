import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { LEDGER_KINDS, type LedgerKind } from '../ports/ledger-store'
import { adminListLimitSchema, adminListSchema, toAdminList } from '../schemas/admin-list'
import { brandIdSchema } from '../schemas/brand-id'
import { listCursorSchema } from '../schemas/cursor-list'
import { adminLedgerEntrySchema, toAdminLedgerEntry } from './admin-ledger-entry'

/** `GET /admin/v1/brands/:brandId/ledger?wallet=&kind=&limit=&cursor=` (a query string: coerced). */
export const listBrandLedgerParametersSchema = z.object({
  brandId: brandIdSchema,
  /** Only this wallet's entries (any case; 0x address). */
  wallet: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x wallet address')
    .transform((a) => a.toLowerCase())
    .optional(),
  /** Only entries of this kind. */
  kind: z.enum(LEDGER_KINDS as [LedgerKind, ...LedgerKind[]]).optional(),
  limit: adminListLimitSchema,
  /** `nextCursor` of the previous page; absent: the newest entries. */
  cursor: listCursorSchema.optional(),
})

export type ListBrandLedgerParameters = z.input<typeof listBrandLedgerParametersSchema>

export const brandLedgerListSchema = adminListSchema(adminLedgerEntrySchema)

export type ListBrandLedgerReturnType = z.output<typeof brandLedgerListSchema>

/**
 * A brand's ledger entries, newest first, one page at a time (keyset on (createdAt, id) over the
 * indexes (brand_id, created_at, id), (brand_id, kind, created_at, id), or (brand_id,
 * wallet_address, created_at, id) with `wallet`), each with its explorer link when one is configured.
 */
export async function listBrandLedger(
  ctx: EngineContext,
  params: ListBrandLedgerParameters,
): Promise<ListBrandLedgerReturnType> {
  const p = parseInput(listBrandLedgerParametersSchema, params, 'Invalid ledger query')
  await requireBrand(ctx.storage, p.brandId)
  const kinds = p.kind === undefined ? undefined : [p.kind]
  const page =
    p.wallet === undefined
      ? await ctx.storage.ledger.listByBrand({ brandId: p.brandId, kinds, before: p.cursor, limit: p.limit })
      : await ctx.storage.ledger.listByWallet({
          walletAddress: p.wallet,
          brandId: p.brandId,
          kinds,
          before: p.cursor,
          limit: p.limit,
        })
  return toAdminList(
    page.entries.map((e) => toAdminLedgerEntry(ctx.chain, e)),
    page.next,
  )
}
