import { hostname } from 'node:os'
import type { Engine, EngineReturnType, IdentityProbe, Logger } from '@loyaltykit/engine'
import type { debugResponseSchema, diagnosticResponseSchema, healthResponseSchema } from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'
import '../http/request-context'
import { SERVER_VERSION } from '../server-version'

export type HealthRoutesParameters = {
  /** The identity provider to probe; default the engine's. */
  identity?: IdentityProbe | undefined
  timeoutMs: number
}

function overall(r: EngineReturnType<'health', 'check'>): 'healthy' | 'degraded' {
  return r.database === 'connected' && r.blockchain === 'connected' && r.identity === 'connected'
    ? 'healthy'
    : 'degraded'
}

/**
 * `GET /loyalty-api/health`, `/diagnostic`, `/debug` (no authentication; mounted before any rate
 * limiter, so never rate limited). Every answer reflects a real probe made for this request.
 * - health: 200 `healthy` when every service is connected, 200 `degraded` when the chain or identity
 *   provider is down, 503 `degraded` when the database is down.
 * - diagnostic: always 200 (it is a report), same probes.
 * - debug: echoes how the request arrived.
 */
export function healthRoutes(engine: Engine, p: HealthRoutesParameters): Router {
  const router = Router()
  const probe = async (log: Logger) => {
    const report = await engine.health.check(
      {},
      { timeoutMs: p.timeoutMs, ...(p.identity ? { identity: p.identity } : {}) },
    )
    if (Object.keys(report.failures).length > 0) log.warn({ failures: report.failures }, 'service probe failed')
    return report
  }

  router.get('/loyalty-api/health', async (req, res) => {
    const r = await probe(req.log)
    res.setHeader('Cache-Control', 'no-store')
    res.status(r.database === 'connected' ? 200 : 503).json({
      status: overall(r),
      timestamp: new Date().toISOString(),
      services: { database: r.database, blockchain: r.blockchain, identity: r.identity },
    } satisfies z.infer<typeof healthResponseSchema>)
  })

  router.get('/loyalty-api/diagnostic', async (req, res) => {
    const r = await probe(req.log)
    res.setHeader('Cache-Control', 'no-store')
    res.status(200).json({
      status: overall(r),
      database: r.database,
      blockchain: r.blockchain,
      identityProvider: r.identity,
      timestamp: new Date().toISOString(),
    } satisfies z.infer<typeof diagnosticResponseSchema>)
  })

  router.get('/loyalty-api/debug', (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.status(200).json({
      debug: 'loyaltykit event handler is running',
      hostname: req.hostname ?? hostname(),
      path: req.path,
      method: req.method,
      timestamp: new Date().toISOString(),
      worker_version: SERVER_VERSION,
    } satisfies z.infer<typeof debugResponseSchema>)
  })

  return router
}
