import type { RequestHandler } from 'express'
import './request-context'

/**
 * One log line per request when the response is finished (or the client went away): method, path
 * (never the query string, which may carry identifiers), status, duration. Headers are not logged.
 */
export function accessLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    let done = false
    const finish = (aborted: boolean) => {
      if (done) return
      done = true
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const line = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(ms * 10) / 10,
        ...(aborted ? { aborted: true } : {}),
      }
      if (res.statusCode >= 500) req.log.error(line, 'request failed')
      else req.log.info(line, 'request')
    }
    res.on('finish', () => finish(false))
    res.on('close', () => finish(!res.writableFinished))
    next()
  }
}
