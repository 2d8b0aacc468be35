import type { Engine, EngineParameters } from '@loyaltykit/engine'
import type { getMemberResponseSchema, listMemberHistoryResponseSchema } from '@loyaltykit/engine/schemas'
import { type Request, Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'
import '../http/request-context'

/** The path parameter with the query (`brandId`, `limit`, `cursor`): the engine parses them. */
const input = (req: Request) => ({ ...req.query, emailOrAddress: req.params.emailOrAddress })

/**
 * Member reads for a brand's backend (docs/members.md): `GET /loyalty-api/members/:emailOrAddress`
 * and its `/history`, with the brand's API key (`Authorization: Bearer`, scope `events` or
 * `members_read`; the engine checks it and reads only that brand's data). Personal data: never cached.
 */
export function memberRoutes(engine: Engine): Router {
  const router = Router()

  router.get('/loyalty-api/members/:emailOrAddress', async (req, res) => {
    const member = await engine.members.get(input(req) as EngineParameters<'members', 'get'>, {
      apiKey: bearerToken(req),
    })
    res.setHeader('Cache-Control', 'no-store')
    res.json(member satisfies z.infer<typeof getMemberResponseSchema>)
  })

  router.get('/loyalty-api/members/:emailOrAddress/history', async (req, res) => {
    const page = await engine.members.history(input(req) as EngineParameters<'members', 'history'>, {
      apiKey: bearerToken(req),
    })
    res.setHeader('Cache-Control', 'no-store')
    res.json(page satisfies z.infer<typeof listMemberHistoryResponseSchema>)
  })

  return router
}
