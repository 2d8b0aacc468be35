import type { z } from 'zod'
import type { EngineContext } from '../context'
import { InvalidInvalidationRequestError } from './constraint-errors'
import { normalizeApiUrl } from './external-api-url'
import type {
  InvalidateConstraintCacheParameters,
  invalidateConstraintCacheResponseSchema,
} from './invalidate-constraint-cache-schema'

export type InvalidateConstraintCacheOptions = {
  /** The brand of the caller's API key: only its collections' answers are dropped. */
  brandId?: string | undefined
}

/** The spec's 200 body of the invalidation endpoints. */
export type InvalidateConstraintCacheReturnType = z.output<typeof invalidateConstraintCacheResponseSchema>

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * `POST /constraint-updater/invalidate-external-api` (and `/invalidate-external-api`): clears the
 * cached answers of `api_url`, optionally of one `user_address` and one `collection_id`, in the
 * storage every server process reads, and answers how many fresh answers were dropped. `brandId`
 * (from the caller's API key) limits it to that brand's collections. The body is checked field by
 * field (a string `collection_id` of digits is accepted): missing `api_url` → 400 with the spec's body.
 */
export async function invalidateConstraintCache(
  ctx: EngineContext,
  params: InvalidateConstraintCacheParameters,
  options: InvalidateConstraintCacheOptions = {},
): Promise<InvalidateConstraintCacheReturnType> {
  const b: Record<string, unknown> = isPlainObject(params) ? params : {}
  if (typeof b.api_url !== 'string' || b.api_url.trim() === '') {
    throw new InvalidInvalidationRequestError('Missing required field: api_url', 'api_url')
  }
  const raw = b.api_url.trim()
  const apiUrl = URL.canParse(raw) ? normalizeApiUrl(raw) : raw
  let userAddress: string | undefined
  if (b.user_address !== undefined && b.user_address !== null && b.user_address !== '') {
    if (typeof b.user_address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(b.user_address)) {
      throw new InvalidInvalidationRequestError('user_address must be a 0x address', 'user_address')
    }
    userAddress = b.user_address.toLowerCase()
  }
  let collectionId: number | undefined
  if (b.collection_id !== undefined && b.collection_id !== null && b.collection_id !== '') {
    const n =
      typeof b.collection_id === 'string' && /^\d+$/.test(b.collection_id) ? Number(b.collection_id) : b.collection_id
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      throw new InvalidInvalidationRequestError('collection_id must be an integer', 'collection_id')
    }
    collectionId = n
  }
  const count = await ctx.storage.constraints.invalidate({
    apiUrl,
    ...(userAddress === undefined ? {} : { userAddress }),
    ...(collectionId === undefined ? {} : { collectionId }),
    ...(options.brandId === undefined ? {} : { brandId: options.brandId }),
    now: ctx.clock.now(),
  })
  ctx.logger.info({ apiUrl, count, brandId: options.brandId }, 'constraint cache invalidated')
  const filters = [userAddress && `user ${userAddress}`, collectionId !== undefined && `collection ${collectionId}`]
    .filter(Boolean)
    .join(', ')
  return {
    success: true,
    message: `Invalidated ${count} cached result${count === 1 ? '' : 's'} for ${apiUrl}${filters ? ` (${filters})` : ''}`,
    invalidated_count: count,
  }
}
