import { readFile } from 'node:fs/promises'
import {
  type DnsResolver,
  type Engine,
  type EngineParameters,
  NotFoundError,
  type SettledEvent,
} from '@loyaltykit/engine'
import type {
  checkEligibilityResponseSchema,
  getEventConfigResponseSchema,
  getEventProofResponseSchema,
  listEventsResponseSchema,
  processBulkEventsResponseSchema,
  processEventResponseSchema,
  verifyDnsResponseSchema,
} from '@loyaltykit/engine/schemas'
import { type Request, Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'
import { noStore, sendProof } from '../http/send-proof'
import '../http/request-context'

export type EventRoutesOptions = {
  /** Bounded wait for a mint's transaction hash before answering `status: "pending"`. */
  mintWaitMs: number
  /** Same event type + user inside this window → 409. */
  duplicateWindowMs: number
  /** Server-side cache of event-config (the spec's 5 minutes). */
  eventConfigTtlMs: number
  /** `Cache-Control: max-age` of event-config answers, in seconds. */
  eventConfigMaxAgeSeconds: number
  dnsResolver: DnsResolver
  /** The built browser SDK (`GET /sdk.js`); absent when the package is not built. */
  sdkJsPath: string | undefined
}

function eventBody(e: SettledEvent) {
  const pending = e.status === 'pending'
  return {
    success: true,
    eventId: e.eventId,
    message: pending
      ? `Event accepted: ${e.rewardAmount} tokens are being minted for ${e.eventType}`
      : `Rewarded ${e.rewardAmount} tokens for ${e.eventType}`,
    rewardAmount: e.rewardAmount,
    eventType: e.eventType,
    walletCreated: e.walletCreated,
    walletAddress: e.walletAddress,
    transactionHash: e.transactionHash,
    status: e.status,
    reward: {
      amount: e.rewardAmount,
      eventType: e.eventType,
      walletAddress: e.walletAddress,
      transactionHash: e.transactionHash,
    },
  } satisfies z.infer<typeof processEventResponseSchema>
}

const sdkNotBuilt = () =>
  new NotFoundError('sdk.js is not built: run `pnpm build` (packages/browser-sdk)', 'SDK_NOT_BUILT')

/** The event handler's API paths (`sdk.js`, a static file, is not one of them). */
export const EVENT_HANDLER_PATHS = [
  '/loyalty-api/event-config',
  '/loyalty-api/manual-event',
  '/loyalty-api/check-eligibility',
  '/loyalty-api/bulk-events',
  '/loyalty-api/verify-dns',
]

const origin = (req: Request) => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined)

/**
 * `dryRun` mounts before the idempotency middleware: check-eligibility is a read-like POST that takes
 * no `Idempotency-Key` (docs/idempotency.md) — a stored answer replayed later would be a stale verdict,
 * and the dry run writes nothing, not even a key. `api` holds every other route.
 */
export type EventRouters = { dryRun: Router; api: Router }

/**
 * The event handler surface: event-config, manual-event, check-eligibility, bulk-events, the brand's
 * events list, an event's proof of issuance, verify-dns and `sdk.js`. Each route passes its input to one `engine.events` operation (which validates it) and
 * serialises; every rule lives in the engine.
 */
export function eventRoutes(engine: Engine, options: EventRoutesOptions): EventRouters {
  const router = Router()
  const dryRun = Router()
  const eventOptions = (req: Request) => ({
    origin: origin(req),
    apiKey: bearerToken(req),
    mintWaitMs: options.mintWaitMs,
    duplicateWindowMs: options.duplicateWindowMs,
  })

  router.get('/loyalty-api/event-config', async (req, res) => {
    const params = { brandId: req.query.brandId } as EngineParameters<'events', 'getConfig'>
    const config = await engine.events.getConfig(params, { ttlMs: options.eventConfigTtlMs })
    const etag = `W/"${config.version}"`
    res.setHeader('Cache-Control', `public, max-age=${options.eventConfigMaxAgeSeconds}`)
    res.setHeader('ETag', etag)
    if (req.headers['if-none-match'] === etag) return void res.status(304).end()
    const { version: _version, ...body } = config
    res.json(body satisfies z.infer<typeof getEventConfigResponseSchema>)
  })

  router.post('/loyalty-api/manual-event', async (req, res) => {
    const event = await engine.events.process(req.body, eventOptions(req))
    res.json(eventBody(event))
  })

  dryRun.post('/loyalty-api/check-eligibility', async (req, res) => {
    const result = await engine.events.checkEligibility(req.body, {
      origin: origin(req),
      apiKey: bearerToken(req),
      duplicateWindowMs: options.duplicateWindowMs,
    })
    res.json(result satisfies z.infer<typeof checkEligibilityResponseSchema>)
  })

  router.post('/loyalty-api/bulk-events', async (req, res) => {
    const result = await engine.events.processBulk(req.body, eventOptions(req))
    res.json({
      ...result,
      results: result.results.map((r) => (r.success ? eventBody(r) : r)),
    } satisfies z.infer<typeof processBulkEventsResponseSchema>)
  })

  // Proof of issuance (docs/api/event-proof.md): public, masked unless the brand's API key is sent.
  router.get('/loyalty-api/events/:eventId', async (req, res) => {
    noStore(res)
    const proof = await engine.proofs.getEvent({ eventId: req.params.eventId }, { apiKey: bearerToken(req) })
    sendProof(res, proof satisfies z.infer<typeof getEventProofResponseSchema>)
  })

  // The brand's reward events (docs/api/list-events.md): its API key, never cached (personal data).
  router.get('/loyalty-api/events', async (req, res) => {
    const page = await engine.events.list(req.query as EngineParameters<'events', 'list'>, { apiKey: bearerToken(req) })
    res.setHeader('Cache-Control', 'no-store')
    res.json(page satisfies z.infer<typeof listEventsResponseSchema>)
  })

  router.post('/loyalty-api/verify-dns', async (req, res) => {
    const result = await engine.events.verifyDns(req.body, { resolver: options.dnsResolver })
    res.json(result satisfies z.infer<typeof verifyDnsResponseSchema>)
  })

  let sdkJs: Promise<Buffer> | undefined
  router.get('/sdk.js', async (_req, res) => {
    if (!options.sdkJsPath) throw sdkNotBuilt()
    sdkJs ??= readFile(options.sdkJsPath)
    const body = await sdkJs.catch(() => {
      sdkJs = undefined
      return undefined
    })
    if (!body) throw sdkNotBuilt()
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    res.send(body)
  })

  return { dryRun, api: router }
}
