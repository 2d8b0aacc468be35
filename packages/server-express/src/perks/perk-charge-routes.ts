import type { Engine, EngineParameters } from '@loyaltykit/engine'
import type {
  getPerkStatusResponseSchema,
  listPerkHoldersResponseSchema,
  redeemPerkChargesResponseSchema,
} from '@loyaltykit/engine/schemas'
import { type Request, Router } from 'express'
import type { z } from 'zod'
import '../http/request-context'

const header = (req: Request, name: string) => {
  const v = req.headers[name]
  return typeof v === 'string' ? v : undefined
}

/** The perk-charge endpoints, under the relayer's base path. */
export const PERK_CHARGE_PATHS = ['/redeem-perk', '/check-perk-status', '/list-perk-holders']

/**
 * The perk-charge endpoints hosted on the relayer (docs/perks.md), HMAC-signed by the brand
 * (`X-LOYALTY-Brand-Id`, `X-LOYALTY-Timestamp`, `X-LOYALTY-Signature` over the canonical request,
 * keyed by the brand's security key):
 * - `POST {base}/redeem-perk {collectionId, tokenId, charges?}` uses charges on chain;
 * - `GET {base}/check-perk-status?collectionId&tokenId` answers owner, charges remaining and total, claimed at;
 * - `GET {base}/list-perk-holders?collectionId[&limit&offset]` answers the holders with their charge status.
 * The signature covers the path with its query exactly as sent and the raw body bytes.
 */
export function perkChargeRoutes(engine: Engine, p: { basePath: string }): Router {
  const router = Router()
  const brand = (req: Request) =>
    engine.perks.verifyBrandSignature({
      brandId: header(req, 'x-loyalty-brand-id'),
      timestamp: header(req, 'x-loyalty-timestamp'),
      signature: header(req, 'x-loyalty-signature'),
      method: req.method,
      pathWithQuery: req.originalUrl,
      rawBody: req.rawBody,
    })
  const noStore = (res: { setHeader(name: string, value: string): unknown }) =>
    res.setHeader('Cache-Control', 'no-store')

  router.post(`${p.basePath}/redeem-perk`, async (req, res) => {
    const auth = await brand(req)
    noStore(res)
    const result = await engine.perks.redeemCharges(req.body ?? {}, auth)
    res.json(result satisfies z.infer<typeof redeemPerkChargesResponseSchema>)
  })

  router.get(`${p.basePath}/check-perk-status`, async (req, res) => {
    const auth = await brand(req)
    noStore(res)
    const result = await engine.perks.getStatus(req.query as EngineParameters<'perks', 'getStatus'>, auth)
    res.json(result satisfies z.infer<typeof getPerkStatusResponseSchema>)
  })

  router.get(`${p.basePath}/list-perk-holders`, async (req, res) => {
    const auth = await brand(req)
    noStore(res)
    const result = await engine.perks.listHolders(req.query as EngineParameters<'perks', 'listHolders'>, auth)
    res.json(result satisfies z.infer<typeof listPerkHoldersResponseSchema>)
  })

  return router
}
