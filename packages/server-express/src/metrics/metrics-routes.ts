import { createHash, timingSafeEqual } from 'node:crypto'
import { type Engine, type EngineReturnType, type Logger, LoyaltyError } from '@loyaltykit/engine'
import { Router } from 'express'
import { bearerToken } from '../http/bearer-token'
import { errorSurface } from '../http/error-surface'
import type { ServerMetrics } from './server-metrics'

export type MetricsRoutesParameters = {
  /** Every scrape must send `Authorization: Bearer <token>`; undefined: no token. */
  token: string | undefined
  /** `engine.health.readGauges` is called at most once per this many ms (scrapes in between reuse it). */
  cacheMs: number
  /** Timeout of each read behind the gauges. */
  timeoutMs: number
  logger: Logger
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** Constant-time comparison of a presented token with the configured one. */
function sameToken(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected))
}

/**
 * `GET /metrics`: the registry in Prometheus' text format. The gauges that come from the database and
 * the chain are read through the facade (`engine.health.readGauges`), at most once per `cacheMs`
 * however many scrapers ask, so a scrape never loads the database. Never rate limited; a failing read
 * is logged when what fails changes, and its gauges are left out (the rest is still answered).
 */
export function metricsRoutes(engine: Engine, metrics: ServerMetrics, p: MetricsRoutesParameters): Router {
  const router = Router()
  let cached: { at: number; read: Promise<EngineReturnType<'health', 'readGauges'> | undefined> } | undefined
  let failing = ''
  const readGauges = () => {
    const now = Date.now()
    if (!cached || now - cached.at >= p.cacheMs) {
      const read = engine.health.readGauges({}, { timeoutMs: p.timeoutMs }).then(
        (r) => {
          report(Object.keys(r.failures).sort().join(', '), r.failures)
          return r
        },
        (e: unknown) => {
          report('all', { all: e instanceof Error ? e.message : String(e) })
          return undefined
        },
      )
      cached = { at: now, read }
    }
    return cached.read
  }
  const report = (parts: string, failures: Record<string, string>) => {
    if (parts === failing) return
    failing = parts
    if (parts) p.logger.warn({ failures }, 'metrics: some gauges could not be read')
    else p.logger.info({}, 'metrics: every gauge is read again')
  }

  router.use('/metrics', errorSurface('generic'))
  router.get('/metrics', async (req, res, next) => {
    if (p.token !== undefined && !sameToken(bearerToken(req), p.token)) {
      next(
        new LoyaltyError('Send the metrics token: Authorization: Bearer <LOYALTYKIT_METRICS_TOKEN>', {
          code: 'METRICS_TOKEN_REQUIRED',
          category: 'authentication',
        }),
      )
      return
    }
    metrics.setGauges(await readGauges())
    res.setHeader('Content-Type', metrics.registry.contentType)
    res.setHeader('Cache-Control', 'no-store')
    res.status(200).send(await metrics.registry.metrics())
  })
  return router
}
