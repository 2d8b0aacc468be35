import type { Express, RequestHandler } from 'express'
import { Histogram, type Registry } from 'prom-client'
import { routeLabeler } from './route-label'

/**
 * Request durations in `loyaltykit_http_request_duration_seconds` by method, route pattern and status
 * (`aborted` when the client went away before the answer). Answers the middleware for an app: mount
 * it first, so every answer is counted, also those of middleware (CORS preflights, idempotent
 * replays, 413, 429, 404).
 */
export function createHttpMetrics(registry: Registry): (app: Express) => RequestHandler {
  const duration = new Histogram({
    name: 'loyaltykit_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by method, route pattern (never the raw path; `unmatched` for unknown paths) and status.',
    labelNames: ['method', 'route', 'status'],
    // Up to the mint wait: rewarding requests may wait for their transaction (LOYALTYKIT_MINT_WAIT_MS).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  return (app) => {
    const routeOf = routeLabeler(app)
    return (req, res, next) => {
      const started = performance.now()
      let done = false
      const finish = (aborted: boolean) => {
        if (done) return
        done = true
        const status = aborted ? 'aborted' : String(res.statusCode)
        duration.observe({ method: req.method, route: routeOf(req), status }, (performance.now() - started) / 1000)
      }
      res.once('finish', () => finish(false))
      res.once('close', () => finish(!res.writableFinished))
      next()
    }
  }
}
