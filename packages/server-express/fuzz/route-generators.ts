import { AGENT_TOOLS } from '@loyaltykit/engine'
import {
  checkEligibilityParametersSchema,
  createCheckoutParametersSchema,
  devLoginParametersSchema,
  getEventConfigParametersSchema,
  getMemberRequestSchema,
  getPerkStatusRequestSchema,
  invalidateConstraintCacheParametersSchema,
  listEventsRequestSchema,
  listMemberHistoryRequestSchema,
  listPerkHoldersRequestSchema,
  listPointsSaleItemsRequestSchema,
  mintForPaymentParametersSchema,
  pregenerateUserParametersSchema,
  processBulkEventsParametersSchema,
  processEventParametersSchema,
  redeemPerkChargesRequestSchema,
  relayRequestSchema,
  signUserTypedDataParametersSchema,
  verifyDnsParametersSchema,
} from '@loyaltykit/engine/schemas'
import { PERMIT_TYPES } from '@loyaltykit/engine/testing'
import type { z } from 'zod'
import type { ErrorSurface } from '../src/http/error-surface'
import { ADMIN_ROUTE_GENERATORS } from './admin-route-generators'
import { AGENT_TOOL_INPUTS, agentParam } from './agent-tool-inputs'
import { FUZZ_SITE, type FuzzFixture } from './fuzz-fixture'
import { MCP_ROUTE_GENERATORS } from './mcp-route-generators'
import { SITE_ROUTE_GENERATORS } from './site-route-generators'

/**
 * How a route authenticates: a brand API key (`optional`: the route also serves anonymous callers),
 * a member's access token, the brand's HMAC request signature, the metrics token, the brand's admin key
 * (scope admin:write, docs/admin-api.md), or nothing.
 */
type RouteAuth =
  | 'api-key'
  | 'api-key-optional'
  | 'access-token'
  | 'perk-signature'
  | 'agent-signature'
  | 'agent-signature-optional'
  | 'metrics-token'
  | 'admin-key'
  | 'none'

/** What the fuzzer needs to build a valid request to one route, then break it. */
export type RouteGenerator = {
  /** The shape its errors render in (src/http/render-error.ts). */
  surface: ErrorSurface
  /** Where its input goes, and the engine's schema of that input (absent: the route takes none). */
  input: 'body' | 'query' | 'none'
  schema?: z.ZodType
  auth: RouteAuth
  /** A valid input (before breaking) and valid path parameters, from the fixture's real ids. */
  base(f: FuzzFixture): Record<string, unknown>
  params?(f: FuzzFixture): Record<string, string>
}

const none = (surface: ErrorSurface = 'event_handler', auth: RouteAuth = 'none'): RouteGenerator => ({
  surface,
  input: 'none',
  auth,
  base: () => ({}),
})

const event = (f: FuzzFixture) => ({
  brandId: f.brand.brandId,
  eventType: 'account_creation',
  userEmail: f.member.email,
  domain: 'shop.example.com',
  sourceUrl: `${FUZZ_SITE}/signup`,
  metadata: { plan: 'gold' },
})

const permitTypedData = (f: FuzzFixture) => ({
  domain: { name: 'Points', version: '1', chainId: 31337, verifyingContract: f.pointsToken },
  types: PERMIT_TYPES,
  primaryType: 'Permit',
  message: { owner: f.member.walletAddress, spender: f.pointsToken, value: '1', nonce: '0', deadline: '9999999999' },
})

/** The server's own routes (the site API's, the agent API's and MCP's are below). */
const BUILT_IN_GENERATORS: Record<string, RouteGenerator> = {
  'GET /livez': none(),
  'GET /readyz': none(),
  'GET /metrics': none('generic', 'metrics-token'),
  'GET /loyalty-api/health': none(),
  'GET /loyalty-api/diagnostic': none(),
  'GET /loyalty-api/debug': none(),
  'GET /sdk.js': none(),
  'GET /openapi.json': none(),
  'GET /docs': none(),
  'GET /docs/scalar.js': none(),
  'GET /dashboard': none(),
  'GET /dashboard/dashboard.js': none(),
  'GET /dashboard/dashboard.css': none(),
  'GET /loyalty-api/event-config': {
    surface: 'event_handler',
    input: 'query',
    schema: getEventConfigParametersSchema,
    auth: 'none',
    base: (f) => ({ brandId: f.brand.brandId }),
  },
  'POST /loyalty-api/manual-event': {
    surface: 'event_handler',
    input: 'body',
    schema: processEventParametersSchema,
    auth: 'api-key-optional',
    base: event,
  },
  'POST /loyalty-api/check-eligibility': {
    surface: 'event_handler',
    input: 'body',
    schema: checkEligibilityParametersSchema,
    auth: 'api-key-optional',
    base: event,
  },
  'POST /loyalty-api/bulk-events': {
    surface: 'event_handler',
    input: 'body',
    schema: processBulkEventsParametersSchema,
    // Judged per event: a bad key fails every item inside a 200 (the spec's per-item results); the
    // ledger check proves nothing was minted.
    auth: 'api-key-optional',
    base: (f) => ({ events: [event(f), { ...event(f), eventType: 'newsletter_subscribe' }] }),
  },
  'GET /loyalty-api/events/:eventId': {
    ...none('event_handler', 'api-key-optional'),
    params: (f) => ({ eventId: f.eventId }),
  },
  'GET /loyalty-api/events': {
    surface: 'event_handler',
    input: 'query',
    schema: listEventsRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, user: f.member.email, limit: '5' }),
  },
  'GET /loyalty-api/members/:emailOrAddress': {
    surface: 'event_handler',
    input: 'query',
    schema: getMemberRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId }),
    params: (f) => ({ emailOrAddress: f.member.email }),
  },
  'GET /loyalty-api/members/:emailOrAddress/history': {
    surface: 'event_handler',
    input: 'query',
    schema: listMemberHistoryRequestSchema,
    auth: 'api-key',
    base: (f) => ({ brandId: f.brand.brandId, limit: '5' }),
    params: (f) => ({ emailOrAddress: f.member.walletAddress }),
  },
  'POST /loyalty-api/verify-dns': {
    surface: 'event_handler',
    input: 'body',
    schema: verifyDnsParametersSchema,
    auth: 'none',
    base: () => ({ domain: 'shop.example.com' }),
  },
  'POST /loyalty-api/create-checkout': {
    surface: 'event_handler',
    input: 'body',
    schema: createCheckoutParametersSchema,
    auth: 'none',
    base: (f) => ({
      brandId: f.brand.brandId,
      amount: 100,
      userEmail: f.member.email,
      successUrl: `${FUZZ_SITE}/ok`,
      cancelUrl: `${FUZZ_SITE}/cancel`,
    }),
  },
  'POST /loyalty-api/payment-mint': {
    surface: 'event_handler',
    input: 'body',
    schema: mintForPaymentParametersSchema,
    auth: 'none',
    base: (f) => ({ sessionId: f.sessionId }),
  },
  'GET /loyalty-api/payments/:sessionId': {
    ...none('event_handler', 'api-key-optional'),
    params: (f) => ({ sessionId: f.sessionId }),
  },
  'GET /loyalty-api/dev-checkout/:sessionId': { ...none(), params: (f) => ({ sessionId: f.sessionId }) },
  'POST /loyalty-api/dev-checkout/:sessionId/pay': { ...none(), params: (f) => ({ sessionId: f.sessionId }) },
  'POST /loyalty-api/dev-checkout/:sessionId/cancel': { ...none(), params: (f) => ({ sessionId: f.sessionId }) },
  // The local payment provider takes no Stripe webhooks (404); the fuzzer still sends it everything.
  'POST /loyalty-api/stripe-webhook': {
    surface: 'event_handler',
    input: 'body',
    auth: 'none',
    base: () => ({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }),
  },
  'GET /loyalty-api/redemptions/:redemptionId': {
    ...none('event_handler', 'api-key-optional'),
    params: () => ({ redemptionId: 'RDM-ABCD-1234' }),
  },
  'POST /loyalty-api/pregenerate-user': {
    surface: 'pregeneration',
    input: 'body',
    schema: pregenerateUserParametersSchema,
    auth: 'none',
    base: (f) => ({ brand_id: f.brand.brandId, oauth_provider: 'github', oauth_user_id: '7412589' }),
  },
  'POST /constraint-updater/invalidate-external-api': {
    surface: 'event_handler',
    input: 'body',
    schema: invalidateConstraintCacheParametersSchema,
    auth: 'api-key',
    base: () => ({ api_url: 'https://api.example.com/check', collection_id: 1 }),
  },
  'POST /invalidate-external-api': {
    surface: 'event_handler',
    input: 'body',
    schema: invalidateConstraintCacheParametersSchema,
    auth: 'api-key-optional',
    base: () => ({ api_url: 'https://api.example.com/check' }),
  },
  'POST /auth/dev-login': {
    surface: 'generic',
    input: 'body',
    schema: devLoginParametersSchema,
    auth: 'none',
    base: (f) => ({ email: f.member.email }),
  },
  'GET /wallet': none('generic', 'access-token'),
  'POST /wallet/sign-typed-data': {
    surface: 'generic',
    input: 'body',
    schema: signUserTypedDataParametersSchema,
    auth: 'access-token',
    base: permitTypedData,
  },
  'POST /relay': {
    surface: 'relayer',
    input: 'body',
    schema: relayRequestSchema,
    auth: 'access-token',
    base: (f) => ({ to: f.pointsToken, data: '0x70a08231', userAddress: f.member.walletAddress }),
  },
  'POST /redeem-perk': {
    surface: 'relayer',
    input: 'body',
    schema: redeemPerkChargesRequestSchema,
    auth: 'perk-signature',
    base: () => ({ collectionId: 1, tokenId: 1, charges: 1 }),
  },
  'GET /check-perk-status': {
    surface: 'relayer',
    input: 'query',
    schema: getPerkStatusRequestSchema,
    auth: 'perk-signature',
    base: () => ({ collectionId: '1', tokenId: '1' }),
  },
  'GET /list-perk-holders': {
    surface: 'relayer',
    input: 'query',
    schema: listPerkHoldersRequestSchema,
    auth: 'perk-signature',
    base: () => ({ collectionId: '1', limit: '10' }),
  },
  'GET /points-sale/items': {
    surface: 'relayer',
    input: 'query',
    schema: listPointsSaleItemsRequestSchema,
    auth: 'none',
    base: (f) => ({ brandId: f.brand.brandId, limit: '10' }),
  },
}

/**
 * The agent API's routes, one per tool of the engine's registry at the default base path `/api/v1`
 * (so a new tool is fuzzed without an entry here): input from the tool's schema, signed with the
 * fixture's agent key (optional on public tools).
 */
const AGENT_ROUTE_GENERATORS: Record<string, RouteGenerator> = Object.fromEntries(
  AGENT_TOOLS.map((tool) => {
    const names = [...tool.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '')
    const generator: RouteGenerator = {
      surface: 'agent',
      input: tool.method === 'GET' ? 'query' : 'body',
      schema: tool.input,
      auth: tool.auth === 'signed' ? 'agent-signature' : 'agent-signature-optional',
      base: (f: FuzzFixture) => AGENT_TOOL_INPUTS[tool.name]?.(f) ?? {},
      ...(names.length > 0
        ? { params: (f: FuzzFixture) => Object.fromEntries(names.map((n) => [n, agentParam(f, n)])) }
        : {}),
    }
    return [`${tool.method} /api/v1${tool.path}`, generator]
  }),
)

/**
 * One generator per route, keyed `METHOD path` as Express mounts it (fuzz/list-mounted-routes.ts).
 * The fuzzer refuses to run when a mounted route has none, so a new route cannot be forgotten.
 */
export const ROUTE_GENERATORS: Record<string, RouteGenerator> = {
  ...BUILT_IN_GENERATORS,
  ...SITE_ROUTE_GENERATORS,
  ...AGENT_ROUTE_GENERATORS,
  ...MCP_ROUTE_GENERATORS,
  ...ADMIN_ROUTE_GENERATORS,
}
