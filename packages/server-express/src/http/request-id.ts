import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import './request-context'

/** Accepted client ids: 1–128 visible, header- and log-safe characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * The id of a request: the client's `X-Request-Id` when sane, else a UUID. Echoes it in the response
 * header and keeps it as `req.requestId`. The request logger (http-logger.ts) calls it first thing
 * and binds the id to every log line of the request.
 */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()]
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
  ;(req as IncomingMessage & { requestId: string }).requestId = id
  res.setHeader(REQUEST_ID_HEADER, id)
  return id
}
