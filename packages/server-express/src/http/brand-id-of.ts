import type { Request } from 'express'

/**
 * The brand a request names, lowercase: `brandId` in the query or body, `brand_id` in the body
 * (pregeneration), or the first bulk event's `brandId`. Undefined when it names none.
 */
export function brandIdOf(req: Request): string | undefined {
  const fromQuery = typeof req.query.brandId === 'string' ? req.query.brandId : undefined
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as {
    brandId?: unknown
    brand_id?: unknown
    events?: unknown
  }
  const first = Array.isArray(body.events) ? (body.events[0] as { brandId?: unknown } | undefined) : undefined
  const candidate = fromQuery ?? body.brandId ?? body.brand_id ?? first?.brandId
  return typeof candidate === 'string' && candidate !== '' ? candidate.toLowerCase() : undefined
}
