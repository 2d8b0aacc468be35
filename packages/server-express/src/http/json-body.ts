import express, { type RequestHandler } from 'express'
import './request-context'

/** The spec's body limit for the event handler: 10 KB. */
export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024

/** bulk-events: 100 events of up to ~1 KB each. */
export const BULK_BODY_LIMIT_BYTES = 128 * 1024

/**
 * Parses JSON bodies (`application/json`, `application/*+json`) up to `limitBytes`; keeps the raw
 * bytes on `req.rawBody` for signature checks. Over the limit → PayloadTooLarge (413); malformed →
 * 400; both become engine errors in the error handler.
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  return express.json({
    limit: limitBytes,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      ;(req as unknown as Express.Request).rawBody = buf
    },
  })
}
