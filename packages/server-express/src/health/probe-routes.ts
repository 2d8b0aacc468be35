import type { Engine, Logger, ReadinessChecks } from '@loyaltykit/engine'
import type { checkReadinessResponseSchema, livenessResponseSchema } from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'

export type ProbeRoutesParameters = {
  /** Per-check timeout of `/readyz`. */
  timeoutMs: number
  /** `/readyz` fails above this many unconfirmed mint jobs. */
  maxMintBacklog: number
  /** Receives readiness changes (never one line per probe). */
  logger: Logger
}

const failingOf = (checks: ReadinessChecks) =>
  Object.entries(checks)
    .filter(([, c]) => c.status === 'failing')
    .map(([name]) => name)
    .join(', ')

/**
 * `GET /livez` (the process answers; no I/O) and `GET /readyz` (`engine.health.checkReadiness`: 200
 * ready, 503 not ready, each check named in the body). For load balancers and orchestrators: no
 * authentication, mounted before the access log and any rate limiter. A change of readiness is
 * logged once (warn with the failing checks and why; info when ready again), never each probe.
 */
export function probeRoutes(engine: Engine, p: ProbeRoutesParameters): Router {
  const router = Router()
  let failing = ''

  router.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.status(200).json({ status: 'alive' } satisfies z.infer<typeof livenessResponseSchema>)
  })

  router.get('/readyz', async (_req, res) => {
    const r = await engine.health.checkReadiness({}, { timeoutMs: p.timeoutMs, maxMintBacklog: p.maxMintBacklog })
    const now = failingOf(r.checks)
    if (now !== failing) {
      if (now) p.logger.warn({ failing: now, failures: r.failures }, 'not ready')
      else p.logger.info({}, 'ready again')
      failing = now
    }
    res.setHeader('Cache-Control', 'no-store')
    res.status(r.ready ? 200 : 503).json({
      status: r.ready ? 'ready' : 'not_ready',
      timestamp: new Date().toISOString(),
      checks: r.checks,
    } satisfies z.infer<typeof checkReadinessResponseSchema>)
  })
  return router
}
