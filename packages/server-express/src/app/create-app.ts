import type { Engine, IdentityProbe } from '@loyaltykit/engine'
import express, { type Express, type Router } from 'express'
import helmet from 'helmet'
import { ADMIN_BASE_PATH } from '../admin/admin-operation'
import { adminRouter } from '../admin/admin-router'
import { AGENT_ROUTE_DEFAULTS, type AgentRoutesOptions, agentRoutes } from '../agent/agent-routes'
import { constraintRoutes } from '../constraints/constraint-routes'
import { dashboardRoutes } from '../dashboard/dashboard-routes'
import { type EventRoutesOptions, eventRoutes } from '../events/event-routes'
import { healthRoutes } from '../health/health-routes'
import { probeRoutes } from '../health/probe-routes'
import { cors } from '../http/cors'
import { enterRequestScope } from '../http/enter-request-scope'
import { errorHandler } from '../http/error-handler'
import { errorSurface } from '../http/error-surface'
import { httpLogger } from '../http/http-logger'
import { IDEMPOTENCY_DEFAULTS, type IdempotencySettings, idempotency } from '../http/idempotency'
import { BULK_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES, jsonBody } from '../http/json-body'
import { notFound } from '../http/not-found'
import { IDENTITY_PATHS, identityRoutes } from '../identity/identity-routes'
import { walletCors } from '../identity/wallet-cors'
import type { ServerLogger } from '../logging/create-logger'
import { MCP_PATH, mcpRoutes } from '../mcp/mcp-routes'
import { memberRoutes } from '../members/member-routes'
import { metricsRoutes } from '../metrics/metrics-routes'
import { createServerMetrics, type ServerMetrics } from '../metrics/server-metrics'
import { openApiRoutes } from '../openapi/openapi-routes'
import { type PaymentRoutesOptions, paymentRoutes } from '../payments/payment-routes'
import { redemptionRoutes } from '../perks/redemption-routes'
import {
  PREGENERATION_PATH,
  type PregenerationRoutesOptions,
  pregenerationRoutes,
} from '../pregeneration/pregeneration-routes'
import { IP_LIMIT_DEFAULTS, type IpLimitSettings } from '../rate-limits/ip-limit-settings'
import { ipRateLimits } from '../rate-limits/ip-rate-limits'
import { type RelayRoutesOptions, relayRoutes } from '../relay/relay-routes'
import { type SiteRoutesOptions, siteRoutes } from '../site/site-routes'

/** Operator probes and the Prometheus scrape: served before any limiter, with no request line each. */
const UNLOGGED_PATHS = ['/livez', '/readyz', '/metrics']

export type CreateAppParameters = {
  engine: Engine
  /** A pino logger (createLogger): request logs go through pino-http. */
  logger: ServerLogger
  config: {
    /** Express `trust proxy`; default false. */
    trustProxy?: boolean | number | string
    /** Per-probe timeout of health/diagnostic; default 2000 ms. */
    healthTimeoutMs?: number
    /** Max JSON body; default 10 KB (the spec's limit). */
    bodyLimitBytes?: number
  }
  /** Identity provider probed by health; default the engine's (the local provider is always connected). */
  identity?: IdentityProbe
  /** The event handler surface (event-config, manual-event, bulk-events, verify-dns, sdk.js) and CORS. */
  eventHandler?: EventRoutesOptions & { corsOrigins: readonly string[] }
  /** Payments: create-checkout, payment-mint, stripe-webhook, dev-checkout (docs/payments.md). */
  payments?: PaymentRoutesOptions
  /** Pregeneration limits (docs/identity.md); the identity, pregeneration and constraint routes always mount. */
  pregeneration?: PregenerationRoutesOptions
  /** The relayer and perk-charge endpoints (docs/relayer.md, docs/perks.md); absent: not served. */
  relayer?: RelayRoutesOptions
  /** `Idempotency-Key` on every POST (docs/idempotency.md); default 24 h retention, 5 s wait. */
  idempotency?: IdempotencySettings
  /** Per-IP limits of the public surfaces (docs/rate-limits.md); default IP_LIMIT_DEFAULTS. */
  rateLimits?: IpLimitSettings
  /** The upstream site API (docs/site-plugin.md); always served; default mint wait 10 s. */
  site?: SiteRoutesOptions
  /** The agent REST API (docs/agent-api.md); default `/api/v1` with the spec's rate limits. Always served. */
  agent?: AgentRoutesOptions
  /** The built dashboard's folder (`@loyaltykit/dashboard/path`), served at `/dashboard`; absent: a 404 there. */
  dashboardDir?: string | undefined
  /** Extra routers (for embedding); mounted after the built-in routes, before the 404 handler. */
  routes?: Router[]
  /**
   * Metrics and probes (docs/operations.md): the registry (default: one of its own; give the engine its
   * `observer`), `/metrics` on this app unless `onMainPort: false` (with `token`, gauges read at most
   * every `cacheMs`, default 5000) and the `/readyz` bound `maxMintBacklog` (default 10,000).
   */
  observability?: {
    metrics?: ServerMetrics
    onMainPort?: boolean
    token?: string | undefined
    cacheMs?: number
    maxMintBacklog?: number
  }
}

/**
 * Builds the HTTP app; never listens (see runtime/start-server.ts). Order: request metrics → request
 * id and request log (pino-http) → probes and /metrics (before any rate limiter; never logged per
 * request) → helmet → health routes (before any rate limiter: never limited) → /openapi.json, /docs, /dashboard → Stripe
 * webhook (raw body) → JSON body (10 KB) → CORS → per-IP limits → check-eligibility (no idempotency key) →
 * agent API and MCP → idempotency keys of POSTs → routes → 404 → error handler.
 */
export function createApp(p: CreateAppParameters): Express {
  const bodyLimitBytes = p.config.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  const app = express()
  app.set('trust proxy', p.config.trustProxy ?? false)
  app.set('etag', false)
  app.set('json spaces', 0)

  const o = p.observability ?? {}
  const timeoutMs = p.config.healthTimeoutMs ?? 2000
  const metrics = o.metrics ?? createServerMetrics()
  app.use(metrics.http(app))
  // Every request gets its id and `req.log`; probes and scrapes get no line of their own (noise).
  app.use(httpLogger(p.logger, { unloggedPaths: UNLOGGED_PATHS }))
  app.use(enterRequestScope())
  app.use(probeRoutes(p.engine, { timeoutMs, maxMintBacklog: o.maxMintBacklog ?? 10_000, logger: p.logger }))
  if (o.onMainPort !== false) {
    app.use(
      metricsRoutes(p.engine, metrics, { token: o.token, cacheMs: o.cacheMs ?? 5000, timeoutMs, logger: p.logger }),
    )
  }
  app.use(helmet({ crossOriginResourcePolicy: false }))
  const corsMiddleware = p.eventHandler ? cors(p.engine, { serviceOrigins: p.eventHandler.corsOrigins }) : undefined
  // Relayer (docs/relayer.md): its /relay CORS answers preflights before the app-wide CORS.
  const relayer = p.relayer ? relayRoutes(p.engine, p.relayer) : undefined
  if (relayer) app.use(relayer.cors)
  if (corsMiddleware) app.use(corsMiddleware)

  app.use(healthRoutes(p.engine, { identity: p.identity, timeoutMs }))
  // Agent API: every answer under its base path (404s and body errors too) in the agent error shape.
  const agent = p.agent ?? AGENT_ROUTE_DEFAULTS
  const payments = p.payments ? paymentRoutes(p.engine, p.payments) : undefined
  // The OpenAPI document of exactly what this app mounts, and its docs page (docs/openapi.md).
  app.use(
    openApiRoutes({
      eventHandler: !!p.eventHandler,
      payments: !!payments,
      relayerBasePath: p.relayer?.basePath,
      agentBasePath: agent.basePath,
      metrics: o.onMainPort !== false,
    }),
  )
  // The brand dashboard (docs/dashboard.md): static files, own origin, under their own CSP.
  app.use(dashboardRoutes(p.dashboardDir))
  app.use(agent.basePath, errorSurface('agent'))
  // Admin API (docs/admin-api.md): every answer under /admin/v1 in its error shape, body errors too.
  app.use(ADMIN_BASE_PATH, errorSurface('admin'))

  // bulk-events carries up to 100 events: its own, larger limit (documented in docs/api/bulk-events.md).
  if (p.eventHandler) app.use('/loyalty-api/bulk-events', jsonBody(BULK_BODY_LIMIT_BYTES))
  // The agent API's bulk events (up to 100) likewise (docs/agent-api.md).
  app.use(`${agent.basePath}/events/bulk`, jsonBody(BULK_BODY_LIMIT_BYTES))
  // MCP (docs/mcp.md): JSON-RPC errors; a tools/call of process_bulk carries up to 100 events too.
  app.use(MCP_PATH, errorSurface('mcp'), jsonBody(BULK_BODY_LIMIT_BYTES))
  // Payments: the Stripe webhook verifies its raw body (often over 10 KB), so it mounts before the JSON parser.
  if (payments) app.use(payments.webhook)
  // The body parser's refusals (malformed JSON, over the limit) render in the endpoint's shape too.
  app.use(PREGENERATION_PATH, errorSurface('pregeneration'))
  app.use(IDENTITY_PATHS, errorSurface('generic'))
  if (relayer) app.use(relayer.paths, errorSurface('relayer'))
  app.use(jsonBody(bodyLimitBytes))
  app.use(enterRequestScope())
  if (corsMiddleware) app.use(corsMiddleware)
  // Per-IP limits of every public surface, after CORS so that browsers can read a 429 (docs/rate-limits.md).
  const limits = { settings: p.rateLimits ?? IP_LIMIT_DEFAULTS, eventHandler: !!p.eventHandler, payments: !!payments }
  app.use(ipRateLimits(p.engine, p.logger, { ...limits, relayBasePath: p.relayer?.basePath }))
  // Every POST below honours `Idempotency-Key` (docs/idempotency.md) but two: the Stripe webhook, above,
  // dedups by event id, and check-eligibility, a read-like dry run, is judged afresh every time (it
  // mounts before the middleware and writes nothing, not even a key). Error surfaces (and the wallet API's CORS) come first so its answers
  // render in the endpoint's shape and reach browsers (the routers declare the same for themselves).
  app.use(PREGENERATION_PATH, errorSurface('pregeneration'))
  app.use(IDENTITY_PATHS, errorSurface('generic'), walletCors(p.engine))
  if (relayer) app.use(relayer.paths, errorSurface('relayer'))
  const events = p.eventHandler ? eventRoutes(p.engine, p.eventHandler) : undefined
  if (events) app.use(events.dryRun)
  // The agent API mounts before the Idempotency-Key middleware: its requests are HMAC-signed and a
  // signature is accepted once (docs/agent-api.md#signing), and its scope is the verified key.
  const eventSettings = p.eventHandler
    ? { duplicateWindowMs: p.eventHandler.duplicateWindowMs, mintWaitMs: p.eventHandler.mintWaitMs }
    : undefined
  const agentOptions = eventSettings ? { ...agent, events: eventSettings } : agent
  app.use(agentRoutes(p.engine, agentOptions), mcpRoutes(p.engine, agentOptions))
  app.use(
    idempotency({
      ...(p.idempotency ?? IDEMPOTENCY_DEFAULTS),
      keys: p.engine.idempotency,
    }),
  )
  if (events) app.use(events.api)
  if (payments) app.use(payments.api)
  // The admin API (docs/admin-api.md): operator keys and brand keys with admin scopes.
  app.use(adminRouter(p.engine, eventSettings ? { duplicateWindowMs: eventSettings.duplicateWindowMs } : {}))
  // Member reads for brand backends (docs/members.md): the brand's API key.
  app.use(memberRoutes(p.engine))
  // The upstream site API for site plugins (docs/site-plugin.md): the brand's API key.
  app.use(siteRoutes(p.engine, p.site ?? { mintWaitMs: 10_000 }))
  // Identity (docs/identity.md): pregeneration, dev login + user wallet API, constraint-cache invalidation.
  app.use(pregenerationRoutes(p.engine, p.pregeneration ?? {}), identityRoutes(p.engine), constraintRoutes(p.engine))
  // Proofs of perk claims (docs/api/redemption-proof.md); events' and payments' live with their surfaces.
  app.use(redemptionRoutes(p.engine))

  // Relayer: POST /relay and the perk-charge endpoints (docs/relayer.md, docs/perks.md).
  if (relayer) app.use(relayer.api)

  // Feature routers mount here (event handler, payments, pregeneration, relayer, agent, site plugin).
  for (const router of p.routes ?? []) app.use(router)

  app.use(notFound())
  app.use(errorHandler({ bodyLimitBytes }))
  return app
}
