import { randomUUID } from 'node:crypto'
import type { Logger } from '@loyaltykit/engine'
import type { RequestHandler } from 'express'
import './request-context'

/** Accepted client ids: 1–128 visible, header- and log-safe characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * Gives every request an id (the client's `X-Request-Id` when sane, else a UUID), echoes it in the
 * response header, and binds a child logger carrying it. Mount first.
 */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get(REQUEST_ID_HEADER)
    const id = given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID()
    req.requestId = id
    req.log = logger.child({ requestId: id })
    res.setHeader(REQUEST_ID_HEADER, id)
    next()
  }
}
