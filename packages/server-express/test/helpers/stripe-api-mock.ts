/**
 * Stripe's API at the HTTP boundary (msw), answering with the objects Stripe documents (API
 * reference: "The Checkout Session object", "The Charge object", "The Refund object", "The Event
 * object", error objects), so the real `stripe` package runs unchanged against it.
 */
import { randomBytes } from 'node:crypto'
import { HttpResponse, http } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'
import Stripe from 'stripe'

const API = 'https://api.stripe.com'
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

type StripeSessionObject = Record<string, unknown> & {
  id: string
  payment_status: string
  status: string
  payment_intent: string | null
  metadata: Record<string, string>
  amount_total: number
}

type StripeRequest = { method: string; path: string; form: URLSearchParams; headers: Headers }

/** A Checkout Session as Stripe documents it (mode payment, one line item), with overrides. */
function checkoutSessionObject(over: Partial<StripeSessionObject> = {}): StripeSessionObject {
  const sessionId = over.id ?? `cs_test_${randomBytes(24).toString('hex')}`
  return {
    id: sessionId,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: over.amount_total ?? 2198,
    amount_total: 2198,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: 'https://example.com/cancel',
    client_reference_id: null,
    consent: null,
    consent_collection: null,
    created: now(),
    currency: 'usd',
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: null,
    expires_at: now() + 86_400,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: {},
    mode: 'payment',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_details: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: 'https://example.com/success',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    ...over,
  }
}

/** A Refund as Stripe documents it. */
export function refundObject(over: Record<string, unknown> & { charge: string; amount: number }) {
  return {
    id: id('re'),
    object: 'refund',
    balance_transaction: id('txn'),
    created: now(),
    currency: 'usd',
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: {},
    payment_intent: null,
    reason: 'requested_by_customer',
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
    ...over,
  }
}

/** A Charge as Stripe documents it; `refunds` only when given (recent API versions leave it out). */
export function chargeObject(over: Record<string, unknown> & { id: string; amount: number; payment_intent: string }) {
  return {
    object: 'charge',
    amount_captured: over.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: id('txn'),
    billing_details: { address: null, email: null, name: null, phone: null },
    calculated_statement_descriptor: 'LOYALTYKIT',
    captured: true,
    created: now(),
    currency: 'usd',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_method: id('pm'),
    payment_method_details: { card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2030 }, type: 'card' },
    receipt_email: null,
    receipt_number: null,
    receipt_url: 'https://pay.stripe.com/receipts/payment/CAcaFwoVYWNjdF8x',
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
    ...over,
  }
}

/** An Event as Stripe documents it, wrapping `object`. */
export function eventObject(type: string, object: unknown, over: Record<string, unknown> = {}) {
  return {
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...over,
  }
}

export type StripeApiMock = {
  server: SetupServer
  sessions: Map<string, StripeSessionObject>
  /** Refunds per charge id, served by GET /v1/refunds?charge=… */
  refunds: Map<string, ReturnType<typeof refundObject>[]>
  requests: StripeRequest[]
  /** Answer the next `n` API calls with Stripe's documented 500 (api_error). */
  failNext(n: number): void
  /** The payer completed the hosted page: paid, complete, with a PaymentIntent and its Charge. */
  pay(sessionId: string, paymentStatus?: 'paid' | 'unpaid'): { paymentIntentId: string; chargeId: string }
  close(): void
}

function stripeError(status: number, error: Record<string, unknown>) {
  return HttpResponse.json({ error }, { status, headers: { 'request-id': id('req'), 'stripe-should-retry': 'false' } })
}

export function startStripeApiMock(): StripeApiMock {
  const sessions = new Map<string, StripeSessionObject>()
  const refunds = new Map<string, ReturnType<typeof refundObject>[]>()
  const charges = new Map<string, string>()
  const requests: StripeRequest[] = []
  let failures = 0

  const record = async (request: Request) => {
    const url = new URL(request.url)
    const text = request.method === 'GET' ? url.search.slice(1) : await request.clone().text()
    requests.push({
      method: request.method,
      path: url.pathname,
      form: new URLSearchParams(text),
      headers: request.headers,
    })
    if (failures > 0) {
      failures--
      return stripeError(500, { type: 'api_error', message: 'An unknown error occurred' })
    }
    return undefined
  }

  const server = setupServer(
    http.post(`${API}/v1/checkout/sessions`, async ({ request }) => {
      const failed = await record(request)
      if (failed) return failed
      const form = requests.at(-1)!.form
      const metadata: Record<string, string> = {}
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k)
        if (m) metadata[m[1] as string] = v
      }
      const session = checkoutSessionObject({
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata,
      })
      sessions.set(session.id, session)
      return HttpResponse.json(session, { headers: { 'request-id': id('req') } })
    }),
    http.get(`${API}/v1/checkout/sessions/:id`, async ({ request, params }) => {
      const failed = await record(request)
      if (failed) return failed
      const session = sessions.get(String(params.id))
      if (!session) {
        return stripeError(404, {
          code: 'resource_missing',
          doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
          message: `No such checkout.session: '${params.id}'`,
          param: 'session',
          type: 'invalid_request_error',
        })
      }
      return HttpResponse.json(session, { headers: { 'request-id': id('req') } })
    }),
    http.get(`${API}/v1/refunds`, async ({ request }) => {
      const failed = await record(request)
      if (failed) return failed
      const charge = new URL(request.url).searchParams.get('charge') ?? ''
      const data = [...(refunds.get(charge) ?? [])].sort((a, b) => b.created - a.created)
      return HttpResponse.json({ object: 'list', data, has_more: false, url: '/v1/refunds' })
    }),
    // Any other Stripe call: Stripe's documented answer to an unknown URL (and the test sees it).
    http.all(`${API}/*`, async ({ request }) => {
      await record(request)
      return stripeError(404, {
        message: `Unrecognized request URL (${request.method}: ${new URL(request.url).pathname}).`,
        type: 'invalid_request_error',
      })
    }),
  )
  // Requests to the loyaltykit server under test (127.0.0.1) go through untouched.
  server.listen({ onUnhandledFrame: 'bypass' })

  return {
    server,
    sessions,
    refunds,
    requests,
    failNext(n) {
      failures = n
    },
    pay(sessionId, paymentStatus = 'paid') {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      const paymentIntentId = session.payment_intent ?? id('pi')
      const chargeId = charges.get(paymentIntentId) ?? id('ch')
      charges.set(paymentIntentId, chargeId)
      Object.assign(session, {
        payment_status: paymentStatus,
        status: 'complete',
        payment_intent: paymentIntentId,
        url: null,
        customer_details: {
          email: session.customer_email,
          name: 'Jenny Rosen',
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
      })
      return { paymentIntentId, chargeId }
    },
    close: () => server.close(),
  }
}
