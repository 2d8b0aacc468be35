import type { Engine } from '@loyaltykit/engine'
import type { relayResponseSchema } from '@loyaltykit/engine/schemas'
import { type RequestHandler, Router } from 'express'
import type { z } from 'zod'
import { errorSurface } from '../http/error-surface'
import '../http/request-context'
import type { RelayerConfig } from '../config/relayer-section'
import { bearerToken } from '../http/bearer-token'
import { PERK_CHARGE_PATHS, perkChargeRoutes } from '../perks/perk-charge-routes'
import { POINTS_SALE_ITEMS_PATH, pointsSaleRoutes } from '../points-sale/points-sale-routes'
import { relayCors } from './relay-cors'

export type RelayRoutesOptions = RelayerConfig

/**
 * `cors` mounts before the app-wide CORS middleware (it answers `/relay` preflights); `api` with the
 * routes; `paths` are the endpoints whose errors render in the `relayer` surface.
 */
export type RelayRouters = { cors: RequestHandler; api: Router; paths: string[] }

export const RELAY_PATH = '/relay'

/**
 * The relayer surface (spec 02, docs/relayer.md): `POST {base}/relay`, the perk-charge endpoints and
 * the points-sale listing (docs/points-sale.md).
 * Errors render `{ error, code, details }`. Their per-IP limits (100 a minute each by default) are
 * mounted by the app (rate-limits/ip-limit-surfaces.ts); every 429 carries `X-RateLimit-*` and
 * `Retry-After`, and a relayed transaction answers the user's hourly window in `X-RateLimit-*` too.
 */
export function relayRoutes(engine: Engine, config: RelayRoutesOptions): RelayRouters {
  const base = config.basePath
  const paths = [RELAY_PATH, ...PERK_CHARGE_PATHS, POINTS_SALE_ITEMS_PATH].map((p) => `${base}${p}`)
  const api = Router()
  api.use(paths, errorSurface('relayer'))

  const options = {
    allowedOrigins: config.allowedOrigins,
    requireOrigin: config.requireOrigin,
    transactionsPerHour: config.transactionsPerHour,
    maxGasLimit: config.maxGasLimit,
    receiptTimeoutMs: config.receiptTimeoutMs,
    replaceAfterMs: config.replaceAfterMs,
    ...(config.userDailyGasBudget === undefined ? {} : { userDailyGasBudget: config.userDailyGasBudget }),
    ...(config.brandDailyGasBudget === undefined ? {} : { brandDailyGasBudget: config.brandDailyGasBudget }),
  }
  api.post(`${base}${RELAY_PATH}`, async (req, res) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined
    const { result, rateLimit } = await engine.relay.send(req.body, {
      ...options,
      accessToken: bearerToken(req),
      origin,
    })
    res.setHeader('X-RateLimit-Limit', String(rateLimit.limit))
    res.setHeader('X-RateLimit-Remaining', String(rateLimit.remaining))
    res.setHeader('X-RateLimit-Reset', String(rateLimit.reset))
    res.setHeader('Cache-Control', 'no-store')
    res.json(result satisfies z.infer<typeof relayResponseSchema>)
  })
  api.use(perkChargeRoutes(engine, { basePath: base }))
  api.use(pointsSaleRoutes(engine, { basePath: base }))

  const cors = relayCors(engine, {
    methods: { [`${base}${RELAY_PATH}`]: 'POST, OPTIONS', [`${base}${POINTS_SALE_ITEMS_PATH}`]: 'GET, OPTIONS' },
    allowedOrigins: config.allowedOrigins,
  })
  return { cors, api, paths }
}
