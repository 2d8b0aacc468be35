import { createHash } from 'node:crypto'
import type { Request } from 'express'
import { brandIdOf } from './brand-id-of'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

/**
 * Who sent a request, for scoping its `Idempotency-Key` (docs/idempotency.md), first found wins:
 * `auth:<sha256 of the Authorization header>` (brand API keys, access tokens; never stored in clear),
 * `brand:<id>` from `X-LOYALTY-Brand-Id` (brand-signed perk charges), else the brand the request
 * names (`brandId` or `brand_id` in the JSON body, the first bulk event's `brandId`: the brand-public
 * endpoints manual-event, bulk-events, create-checkout, pregenerate-user), else `ip:<client address>` (as Express reads it under `trust proxy`). Two callers never share a key.
 */
export function idempotencyScope(req: Request): string {
  const authorization = text(req.headers.authorization)
  if (authorization) return `auth:${sha256(authorization)}`
  const brandId = text(req.headers['x-loyalty-brand-id'])?.toLowerCase() ?? brandIdOf(req)
  if (brandId) return `brand:${brandId}`
  return `ip:${req.ip ?? 'unknown'}`
}

/** What makes two requests the same one: method, path with query, and the raw body bytes. */
export function idempotencyRequestHash(req: Request): string {
  return createHash('sha256')
    .update(`${req.method}\n${req.originalUrl}\n`)
    .update(req.rawBody ?? Buffer.alloc(0))
    .digest('hex')
}
