import { ValidationError } from '@loyaltykit/engine'
import { z } from 'zod'

/** `?limit=` (1..200, default 50) and `?cursor=` (opaque) of every admin list (docs/admin-api.md#lists). */
export const adminListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(512).optional(),
})

export type AdminListQuery = z.output<typeof adminListQuerySchema>

/** The list body: a page of items and the cursor of the next page (null on the last). */
export const adminListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() })

/** A list's `limit` and `cursor` from a query; out of range or malformed → 400 validation. */
export function parseAdminListQuery(query: unknown): AdminListQuery {
  const source = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>
  const r = adminListQuerySchema.safeParse({ limit: source.limit, cursor: source.cursor })
  if (r.success) return r.data
  throw new ValidationError(
    'Invalid list query',
    r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  )
}

const encode = (id: string) => Buffer.from(id, 'utf8').toString('base64url')
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8')

/**
 * One page of `items` (a stable order, ids unique) after the item whose id the cursor holds. The cursor
 * is opaque to clients; one naming no item → 400 INVALID_CURSOR. For lists the engine answers whole
 * (brands, rules, keys: tens, not millions); lists that grow use the engine's own cursors.
 */
export function pageOf<T>(items: readonly T[], q: AdminListQuery, idOf: (item: T) => string) {
  let start = 0
  if (q.cursor !== undefined) {
    const after = decode(q.cursor)
    const i = items.findIndex((item) => idOf(item) === after)
    if (i < 0)
      throw new ValidationError('Invalid cursor', [{ field: 'cursor', message: 'is not a cursor of this list' }])
    start = i + 1
  }
  const data = items.slice(start, start + q.limit)
  const last = data[data.length - 1]
  const more = start + q.limit < items.length && last !== undefined
  return { data, nextCursor: more ? encode(idOf(last)) : null }
}
