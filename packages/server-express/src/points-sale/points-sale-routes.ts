import type { Engine, EngineParameters } from '@loyaltykit/engine'
import type { listPointsSaleItemsResponseSchema } from '@loyaltykit/engine/schemas'
import { Router } from 'express'
import type { z } from 'zod'
import '../http/request-context'

/** Path of the points-sale listing below the relayer's base path. */
export const POINTS_SALE_ITEMS_PATH = '/points-sale/items'

/**
 * The points sale's public listing, hosted on the relayer beside the call that buys from it
 * (docs/points-sale.md): `GET {base}/points-sale/items?brandId&available&limit&offset` answers the
 * items with their terms read from the chain. No authentication; the relayer's per-IP limit applies.
 */
export function pointsSaleRoutes(engine: Engine, p: { basePath: string }): Router {
  const router = Router()
  router.get(`${p.basePath}${POINTS_SALE_ITEMS_PATH}`, async (req, res) => {
    const result = await engine.pointsSale.list(req.query as EngineParameters<'pointsSale', 'list'>)
    res.setHeader('Cache-Control', 'no-store')
    res.json(result satisfies z.infer<typeof listPointsSaleItemsResponseSchema>)
  })
  return router
}
