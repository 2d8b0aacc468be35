import type { RequestHandler } from 'express'
import { requestScope } from '../logging/request-scope'
import './request-context'

/**
 * Runs the rest of the chain inside the request's scope (its id for `withRequestScope` loggers).
 * Mounted after `requestId` and again after body parsing: stream callbacks of the body parser do
 * not keep the async context.
 */
export function enterRequestScope(): RequestHandler {
  return (req, _res, next) => {
    requestScope.run({ requestId: req.requestId }, next)
  }
}
