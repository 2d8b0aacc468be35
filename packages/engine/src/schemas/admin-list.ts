import { z } from 'zod'
import { type ListPosition, toCursorList } from './cursor-list'

/**
 * `limit` of an admin list (docs/admin-api.md#lists): an integer from 1 to 200, default 50; out of
 * range is a 400, never clamped.
 */
export const adminListLimitSchema = z.coerce
  .number({ error: 'must be an integer from 1 to 200' })
  .int('must be an integer from 1 to 200')
  .min(1, 'must be an integer from 1 to 200')
  .max(200, 'must be an integer from 1 to 200')
  .optional()
  .default(50)

/** The admin lists' body: `{ data, nextCursor }` (the cursor is the same opaque spelling as `next_cursor`). */
export function adminListSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() })
}

/** A page and the position after its last item (null: the last page) as an admin list. */
export function toAdminList<T>(data: T[], next: ListPosition | null): { data: T[]; nextCursor: string | null } {
  return { data, nextCursor: toCursorList(data, next).next_cursor }
}
