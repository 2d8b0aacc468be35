import type { ErrorRequestHandler } from 'express'
import { surfaceOf } from './error-surface'
import { setRateLimitHeaders } from './rate-limit-headers'
import { renderError } from './render-error'
import './request-context'
import { statusFor } from './status-for-category'
import { toLoyaltyError } from './to-loyalty-error'

/**
 * Last middleware: maps any error to the status of its category (one table; the agent API's own) and the body shape of
 * the request's surface. Unknown errors are logged with their stack and answered 500 with the request
 * id only. Errors that carry `rateLimit` (RateLimitedError) get `X-RateLimit-*` and `Retry-After`.
 * The error's code stays in `res.locals.errorCode` (the idempotency middleware decides by it).
 */
export function errorHandler(options: { bodyLimitBytes: number }): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err)
      return
    }
    const e = toLoyaltyError(err, options.bodyLimitBytes)
    const surface = surfaceOf(res)
    const status = statusFor(surface, e.category)
    const log = req.log
    if (status >= 500) log?.error({ err, code: e.code, status }, 'request error')
    else log?.info({ code: e.code, status, error: e.message }, 'request rejected')
    setRateLimitHeaders(res, e)
    res.locals.errorCode = e.code
    res.status(status).json(renderError(surface, e, req.requestId))
  }
}
