import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request, RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import type { ServerLogger } from '../logging/create-logger'
import { redactSecrets } from '../logging/redact-secrets'
import { requestIdFor } from './request-id'
import './request-context'

/** A parsed JSON body (not the raw Buffer of the Stripe webhook, nor an absent body). */
const isJson = (body: unknown) =>
  typeof body === 'object' && body !== null && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)

/**
 * One log line per request when its response is finished or the client went away: `requestId`,
 * method, path (never the query string, which may carry identifiers), status, duration and the client
 * address; with `LOG_LEVEL=debug` the request headers too, with `trace` also the JSON body, both with
 * secret-named fields (authorization, cookies, signatures, keys, tokens, …) redacted. 5xx answers log
 * at `error` ('request failed'), others at `info` ('request').
 */
function accessLine(req: IncomingMessage, res: ServerResponse, durationMs: number, logger: ServerLogger) {
  const r = req as Request
  return {
    method: req.method,
    path: (r.originalUrl ?? req.url ?? '').split('?')[0],
    status: res.statusCode,
    durationMs,
    ip: r.ip,
    ...(res.writableFinished ? {} : { aborted: true }),
    ...(logger.isLevelEnabled('debug') ? { headers: redactSecrets(req.headers) } : {}),
    ...(logger.isLevelEnabled('trace') && isJson(r.body) ? { body: redactSecrets(r.body) } : {}),
  }
}

export type HttpLoggerOptions = {
  /** Paths (exact, without the query) that get no request line: probes and scrapes, every few seconds. */
  unloggedPaths?: readonly string[]
}

/**
 * Request logging with pino-http: gives every request its id (`X-Request-Id` in and out, see
 * request-id.ts) and `req.log`, a child logger that puts `requestId` on every line, and writes its
 * request line unless its path is one of `unloggedPaths`. Mount first.
 */
export function httpLogger(logger: ServerLogger, options: HttpLoggerOptions = {}): RequestHandler {
  const unlogged = new Set(options.unloggedPaths ?? [])
  return pinoHttp({
    logger,
    genReqId: requestIdFor,
    autoLogging: { ignore: (req) => unlogged.has((req.url ?? '').split('?')[0] as string) },
    customAttributeKeys: { reqId: 'requestId' },
    // Lines carry the request id and what accessLine says; no raw req/res objects are bound.
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, val: { responseTime: number }) => accessLine(req, res, val.responseTime, logger),
    customErrorObject: (req, res, _err, val: { responseTime: number }) =>
      accessLine(req, res, val.responseTime, logger),
  }) as unknown as RequestHandler
}
