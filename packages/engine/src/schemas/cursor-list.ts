import { z } from 'zod'

/** Page size of the cursor lists (member history, reward events): default 20, at most 100. */
const LIST_LIMIT_DEFAULT = 20
const LIST_LIMIT_MAX = 100

/** Where a page of a newest-first list ends: the last item's time (epoch ms) and id. */
export type ListPosition = { createdAt: number; id: string }

/**
 * `limit` of a query string: an integer from 1 to 100, default 20. Out of range is a 400, never
 * clamped: a caller asking for 500 learns that it gets at most 100.
 */
export const listLimitSchema = z.coerce
  .number({ error: 'must be an integer from 1 to 100' })
  .int('must be an integer from 1 to 100')
  .min(1, 'must be an integer from 1 to 100')
  .max(LIST_LIMIT_MAX, 'must be an integer from 1 to 100')
  .optional()
  .default(LIST_LIMIT_DEFAULT)

/**
 * An opaque cursor: base64url of `<createdAt>.<id>`. Only the server makes them (`next_cursor`);
 * anything that is not such a spelling (garbage, another list's token, a damaged copy) is a 400 on
 * `cursor`. Not signed: a well-formed cursor only names a position in the caller's own brand's list.
 */
export function encodeListCursor(p: ListPosition): string {
  return Buffer.from(`${p.createdAt}.${p.id}`, 'utf8').toString('base64url')
}

function decodeListCursor(cursor: string): ListPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{1,100})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!m) return undefined
  const position = { createdAt: Number(m[1]), id: m[2] as string }
  // Only the canonical spelling: a cursor with stray characters was not made here.
  return encodeListCursor(position) === cursor ? position : undefined
}

/** `cursor` of a query string: the `next_cursor` of the previous page, decoded. */
export const listCursorSchema = z.string().transform((cursor, ctx): ListPosition => {
  const position = decodeListCursor(cursor)
  if (!position) {
    ctx.addIssue({ code: 'custom', message: 'is not a cursor of this list (pass next_cursor as it came)' })
    return z.NEVER
  }
  return position
})

/** The 200 body of a cursor list, newest first, as Stripe's lists: `{ data, has_more, next_cursor }`. */
export function cursorListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    /** At most `limit` items, newest first. */
    data: z.array(item),
    /** More items follow: ask again with `cursor: next_cursor`. */
    has_more: z.boolean(),
    /** The `cursor` of the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
}

/** A page of items and the position after its last item (null: the last page) as a wire list. */
export function toCursorList<T>(
  data: T[],
  next: ListPosition | null,
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  return { data, has_more: next !== null, next_cursor: next === null ? null : encodeListCursor(next) }
}
