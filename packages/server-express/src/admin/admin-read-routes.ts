import {
  brandLedgerListSchema,
  brandOverviewParametersSchema,
  brandOverviewSchema,
  brandPipelineSchema,
  inspectMemberResponseSchema,
  listBrandLedgerParametersSchema,
  previewRuleParametersSchema,
  previewRuleResponseSchema,
  searchMembersParametersSchema,
  searchMembersResponseSchema,
} from '@loyaltykit/engine/schemas'
import type { Request } from 'express'
import { z } from 'zod'
import { adminOperation } from './admin-operation'
import { adminRoute } from './admin-route'
import type { AdminRouteGroup } from './admin-route-group'

/** `{ data: <object> }`, the admin API's single-object body. */
const one = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

const brandId = (req: Request) => String(req.params.brandId)
const query = (req: Request, name: string) => (req.query as Record<string, unknown>)[name]

const SEARCH_MEMBERS = adminOperation({
  method: 'get',
  path: '/brands/:brandId/members',
  access: 'read',
  summary: "Find a brand's member by email, wallet address or user key (exact)",
  query: searchMembersParametersSchema.omit({ brandId: true }),
  response: searchMembersResponseSchema,
})

const INSPECT_MEMBER = adminOperation({
  method: 'get',
  path: '/brands/:brandId/members/:member',
  access: 'read',
  summary: 'One member: balance, totals at the brand, newest ledger entries with explorer links',
  response: one(inspectMemberResponseSchema),
})

const LIST_LEDGER = adminOperation({
  method: 'get',
  path: '/brands/:brandId/ledger',
  access: 'read',
  summary: "The brand's ledger entries, newest first (by wallet, by kind)",
  query: listBrandLedgerParametersSchema.omit({ brandId: true }).extend({ cursor: z.string().optional() }),
  response: brandLedgerListSchema,
})

const OVERVIEW = adminOperation({
  method: 'get',
  path: '/brands/:brandId/overview',
  access: 'read',
  summary: 'Events and tokens per day, active members, top rules, redemption rate',
  query: brandOverviewParametersSchema.omit({ brandId: true }),
  response: one(brandOverviewSchema),
})

const PIPELINE = adminOperation({
  method: 'get',
  path: '/brands/:brandId/pipeline',
  access: 'read',
  summary: 'The mint pipeline as the brand sees it: queue depth, lag, last batches',
  response: one(brandPipelineSchema),
})

const PREVIEW_RULE = adminOperation({
  method: 'post',
  path: '/brands/:brandId/rules/:eventType/preview',
  access: 'read',
  summary: 'Would this event be rewarded now for this member, and why not (writes nothing)',
  body: previewRuleParametersSchema.omit({ brandId: true, eventType: true }),
  response: one(previewRuleResponseSchema),
})

/** Members, ledger, overview, pipeline and the rule preview: reads only (docs/admin-api.md#members and on). */
export const adminReadRoutes: AdminRouteGroup = {
  operations: [SEARCH_MEMBERS, INSPECT_MEMBER, LIST_LEDGER, OVERVIEW, PIPELINE, PREVIEW_RULE],
  register(router, deps) {
    const { engine } = deps
    adminRoute(router, deps, SEARCH_MEMBERS, (req) =>
      engine.members.search({ brandId: brandId(req), q: query(req, 'q') as string }),
    )
    adminRoute(router, deps, INSPECT_MEMBER, async (req) => ({
      data: await engine.members.inspect({ brandId: brandId(req), member: String(req.params.member) }),
    }))
    adminRoute(router, deps, LIST_LEDGER, (req) =>
      engine.ledger.list({
        brandId: brandId(req),
        wallet: query(req, 'wallet') as string | undefined,
        kind: query(req, 'kind') as never,
        limit: query(req, 'limit') as number | undefined,
        cursor: query(req, 'cursor') as string | undefined,
      }),
    )
    adminRoute(router, deps, OVERVIEW, async (req) => ({
      data: await engine.brands.overview({ brandId: brandId(req), days: query(req, 'days') as number | undefined }),
    }))
    adminRoute(router, deps, PIPELINE, async (req) => ({ data: await engine.mint.pipeline({ brandId: brandId(req) }) }))
    adminRoute(router, deps, PREVIEW_RULE, async (req) => {
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>
      return {
        data: await engine.rules.preview(
          {
            brandId: brandId(req),
            eventType: String(req.params.eventType),
            userEmail: body.userEmail as string,
            channel: body.channel as string | undefined,
          },
          deps.duplicateWindowMs === undefined ? {} : { duplicateWindowMs: deps.duplicateWindowMs },
        ),
      }
    })
  },
}
