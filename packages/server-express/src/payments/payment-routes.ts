import {
  type Engine,
  type EngineReturnType,
  fillSessionId,
  LOCAL_PAYMENT_PROVIDER,
  LoyaltyError,
  NotFoundError,
  type PaymentProvider,
  UnavailableError,
} from '@loyaltykit/engine'
import type {
  createCheckoutResponseSchema,
  getPaymentProofResponseSchema,
  handlePaymentEventResponseSchema,
  mintForPaymentResponseSchema,
} from '@loyaltykit/engine/schemas'
import express, { type ErrorRequestHandler, type Request, Router } from 'express'
import type { z } from 'zod'
import { bearerToken } from '../http/bearer-token'
import '../http/request-context'
import { noStore, sendProof } from '../http/send-proof'
import { devCheckoutCsp, devCheckoutPage } from './dev-checkout-page'

export type PaymentRoutesOptions = {
  /** The provider that sells points; undefined = payments disabled (create-checkout answers 503). */
  provider: PaymentProvider | undefined
  /** Bounded wait for a payment's mint before answering `status: "pending"`. */
  mintWaitMs: number
  /** Largest Stripe webhook body; default 1 MB (events are larger than the 10 KB API limit). */
  webhookBodyLimitBytes?: number
}

/** Two routers: `webhook` reads its raw body and mounts before the JSON parser; `api` after it. */
export type PaymentRouters = { webhook: Router; api: Router }

function paymentMintBody(r: EngineReturnType<'payments', 'mintForPayment'>) {
  const pending = r.status === 'pending'
  const usd = r.usdAmount.toFixed(2)
  return {
    success: true,
    message: r.alreadyProcessed
      ? 'Payment already processed'
      : pending
        ? `Payment accepted: ${r.tokenAmount} tokens are being minted`
        : `Minted ${r.tokenAmount} tokens for $${usd}`,
    txHash: r.txHash,
    blockExplorer: r.blockExplorer,
    walletAddress: r.walletAddress,
    usdAmount: r.usdAmount,
    tokenAmount: r.tokenAmount,
    paymentIntentId: r.paymentIntentId,
    sessionId: r.sessionId,
    status: r.status,
    alreadyProcessed: r.alreadyProcessed,
  } satisfies z.infer<typeof mintForPaymentResponseSchema>
}

/** A path-only URL (the local provider's) made absolute on the origin the client used. */
function absolute(url: string, req: Request): string {
  return new URL(url, `${req.protocol}://${req.get('host') ?? 'localhost'}`).toString()
}

/** The payment endpoints a browser reaches (prefixes: the dev checkout has a page and two actions); not the Stripe webhook. */
export const PAYMENT_PATHS = ['/loyalty-api/create-checkout', '/loyalty-api/payment-mint', '/loyalty-api/dev-checkout']

/**
 * The payment surface (docs/payments.md): create-checkout, payment-mint, the Stripe webhook, a
 * payment's proof of issuance and the local provider's dev-checkout page. Each route parses, calls
 * one engine operation and serialises.
 */
export function paymentRoutes(engine: Engine, options: PaymentRoutesOptions): PaymentRouters {
  const requireProvider = (): PaymentProvider => {
    if (options.provider) return options.provider
    throw new UnavailableError(
      'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      'PAYMENTS_NOT_CONFIGURED',
    )
  }
  const requireLocal = (): PaymentProvider => {
    const provider = options.provider
    if (provider?.name === LOCAL_PAYMENT_PROVIDER) return provider
    throw new NotFoundError('The dev checkout page exists only with the local payment provider', 'ROUTE_NOT_FOUND')
  }

  const webhookLimit = options.webhookBodyLimitBytes ?? 1024 * 1024
  const webhook = Router()
  webhook.post(
    '/loyalty-api/stripe-webhook',
    express.raw({ type: () => true, limit: webhookLimit }),
    async (req, res) => {
      const provider = options.provider
      if (!provider?.parseWebhook) {
        throw new NotFoundError('Stripe webhooks are not configured on this server', 'STRIPE_NOT_CONFIGURED')
      }
      const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      req.rawBody = raw
      const event = await provider.parseWebhook(raw, req.headers)
      const result = await engine.payments.handleEvent(event, { provider })
      req.log.info({ eventId: event.id, type: event.type, ...result }, 'payment webhook')
      res.json({
        received: true,
        eventId: event.id,
        duplicate: result.duplicate,
        outcome: result.outcome,
      } satisfies z.infer<typeof handlePaymentEventResponseSchema>)
    },
  )

  // The app's error handler names the JSON limit; a webhook over its own limit says which one it hit.
  webhook.use('/loyalty-api/stripe-webhook', ((err, _req, _res, next) => {
    const tooLarge = (err as { type?: unknown } | null)?.type === 'entity.too.large'
    next(
      tooLarge
        ? new LoyaltyError(`Webhook body exceeds the ${Math.round(webhookLimit / 1024)} KB limit`, {
            code: 'PAYLOAD_TOO_LARGE',
            category: 'payload_too_large',
            details: { limitBytes: webhookLimit },
            cause: err,
          })
        : err,
    )
  }) as ErrorRequestHandler)

  const api = Router()
  api.post('/loyalty-api/create-checkout', async (req, res) => {
    const result = await engine.payments.createCheckout(req.body, {
      provider: requireProvider(),
      idempotencyKey: req.get('Idempotency-Key') || undefined,
    })
    res.json({
      success: true,
      checkoutUrl: absolute(result.checkoutUrl, req),
      sessionId: result.sessionId,
      walletAddress: result.walletAddress,
      tokenAmount: result.tokenAmount,
      usdAmount: result.usdAmount,
    } satisfies z.infer<typeof createCheckoutResponseSchema>)
  })

  api.post('/loyalty-api/payment-mint', async (req, res) => {
    const result = await engine.payments.mintForPayment(req.body, {
      provider: requireProvider(),
      mintWaitMs: options.mintWaitMs,
    })
    res.json(paymentMintBody(result))
  })

  // Proof of issuance of a purchase (docs/api/payment-proof.md): public, masked unless the brand's API key is sent.
  api.get('/loyalty-api/payments/:sessionId', async (req, res) => {
    noStore(res)
    const proof = await engine.proofs.getPayment({ sessionId: req.params.sessionId }, { apiKey: bearerToken(req) })
    sendProof(res, proof satisfies z.infer<typeof getPaymentProofResponseSchema>)
  })

  api.get('/loyalty-api/dev-checkout/:sessionId', async (req, res) => {
    requireLocal()
    const session = await engine.payments.getCheckoutSession({
      sessionId: req.params.sessionId,
      provider: LOCAL_PAYMENT_PROVIDER,
    })
    res.setHeader('Content-Security-Policy', devCheckoutCsp(session))
    res.setHeader('Cache-Control', 'no-store')
    res.type('html').send(devCheckoutPage(session))
  })

  api.post('/loyalty-api/dev-checkout/:sessionId/pay', async (req, res) => {
    const provider = requireLocal()
    const done = await engine.payments.completeLocalCheckout(
      { sessionId: req.params.sessionId },
      { provider, mintWaitMs: options.mintWaitMs },
    )
    res.redirect(303, done.redirectUrl)
  })

  api.post('/loyalty-api/dev-checkout/:sessionId/cancel', async (req, res) => {
    requireLocal()
    const session = await engine.payments.getCheckoutSession({
      sessionId: req.params.sessionId,
      provider: LOCAL_PAYMENT_PROVIDER,
    })
    res.redirect(303, fillSessionId(session.cancelUrl, session.id))
  })

  return { webhook, api }
}
