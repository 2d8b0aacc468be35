import { NotFoundError } from '@loyaltykit/engine'
import type { RequestHandler } from 'express'

/** After every route: unknown path → 404 JSON through the error handler. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(
      new NotFoundError(`Not found: ${req.method} ${req.path}`, 'ROUTE_NOT_FOUND', {
        method: req.method,
        path: req.path,
      }),
    )
  }
}
