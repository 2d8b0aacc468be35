import type { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { ConflictError, ValidationError } from '../errors/common-errors'
import { isLoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import type { PaymentProvider } from '../ports/payment-provider'
import type { CheckoutSessionRecord } from '../ports/payment-store'
import { stripControlCharacters } from '../text/strip-control-characters'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { type CreateCheckoutParameters, createCheckoutParametersSchema } from './create-checkout-schema'
import { PaymentProviderError } from './payment-errors'
import { formatUsdCents, tokensForCents } from './usd-amount'

export type CreateCheckoutOptions = {
  provider: PaymentProvider
  /**
   * The caller's `Idempotency-Key`: the same key with the same body answers the same session (a
   * retry never opens a second one); with another body → ConflictError (IDEMPOTENCY_KEY_REUSED).
   */
  idempotencyKey?: string | undefined
}

export type CreateCheckoutReturnType = {
  sessionId: string
  /** The payer's page; the local provider's may be a path on this server (the route makes it absolute). */
  checkoutUrl: string
  walletAddress: string
  walletCreated: boolean
  /** Whole tokens the session mints once paid (amount in cents × 10). */
  tokenAmount: number
  usdAmount: number
  /** False when an earlier call with the same idempotency key created the session. */
  created: boolean
}

/**
 * Opens a checkout session to buy points: validates the body, the brand, gets or creates the user's
 * custodial wallet, and asks the provider for a session whose metadata says what to mint (`wallet`,
 * `usd_amount`, `token_amount` = usd × 1000, `brand_id`, `email`). The session is recorded in
 * `payments.insertCheckoutSession` (the local provider's state; an audit trail for the others).
 */
export async function createCheckout(
  ctx: EngineContext,
  params: CreateCheckoutParameters,
  options: CreateCheckoutOptions,
): Promise<CreateCheckoutReturnType> {
  const input = parseInput(createCheckoutParametersSchema, stripControlCharacters(params), 'Validation failed')
  await requireBrand(ctx.storage, input.brandId)
  const wallet = await getOrCreateWallet(ctx, { kind: 'email', email: input.userEmail })
  const tokenAmount = tokensForCents(input.amount)
  const usdAmount = formatUsdCents(input.amount)
  const metadata = {
    wallet: wallet.address,
    usd_amount: usdAmount,
    token_amount: String(tokenAmount),
    brand_id: input.brandId,
    email: input.userEmail,
  }
  if (options.idempotencyKey !== undefined && !/^[\x21-\x7e]{1,200}$/.test(options.idempotencyKey)) {
    throw new ValidationError('Validation failed', [
      { field: 'Idempotency-Key', message: 'must be 1 to 200 visible ASCII characters' },
    ])
  }
  const key = options.idempotencyKey ? `create-checkout:${input.brandId}:${options.idempotencyKey}` : undefined
  if (key) {
    const earlier = await ctx.storage.payments.getCheckoutSessionByKey(key)
    if (earlier) return answer(checkSame(earlier, input, key), wallet.created, false)
  }

  const { provider } = options
  let session: Awaited<ReturnType<PaymentProvider['createCheckoutSession']>>
  try {
    session = await provider.createCheckoutSession({
      amountCents: input.amount,
      currency: input.currency,
      productName: `${tokenAmount.toLocaleString('en-US')} loyalty points`,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      customerEmail: input.userEmail,
      metadata,
      ...(key ? { idempotencyKey: key } : {}),
    })
  } catch (error) {
    if (isLoyaltyError(error)) throw error
    throw new PaymentProviderError('The payment provider could not create the checkout session', {}, error)
  }
  const now = ctx.clock.now()
  const { session: stored, created } = await ctx.storage.payments.insertCheckoutSession({
    id: session.id,
    provider: provider.name,
    brandId: input.brandId,
    userEmail: input.userEmail,
    walletAddress: wallet.address,
    amountCents: input.amount,
    currency: input.currency,
    tokenAmount: String(tokenAmount),
    checkoutUrl: session.url,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    metadata,
    status: 'open',
    paymentIntentId: null,
    idempotencyKey: key ?? null,
    createdAt: now,
    updatedAt: now,
    paidAt: null,
  })
  if (created) {
    ctx.logger.info(
      { sessionId: stored.id, provider: provider.name, brandId: input.brandId, amountCents: input.amount },
      'checkout session created',
    )
  }
  return answer(created ? stored : checkSame(stored, input, key as string), wallet.created, created)
}

function checkSame(
  s: CheckoutSessionRecord,
  input: z.output<typeof createCheckoutParametersSchema>,
  key: string,
): CheckoutSessionRecord {
  const same =
    s.brandId === input.brandId &&
    s.userEmail === input.userEmail &&
    s.amountCents === input.amount &&
    s.currency === input.currency &&
    s.successUrl === input.successUrl &&
    s.cancelUrl === input.cancelUrl
  if (!same) {
    throw new ConflictError('This idempotency key was used for another checkout', 'IDEMPOTENCY_KEY_REUSED', {
      idempotencyKey: key.split(':').slice(2).join(':'),
      sessionId: s.id,
    })
  }
  return s
}

function answer(s: CheckoutSessionRecord, walletCreated: boolean, created: boolean): CreateCheckoutReturnType {
  return {
    sessionId: s.id,
    checkoutUrl: s.checkoutUrl,
    walletAddress: s.walletAddress,
    walletCreated,
    tokenAmount: Number(s.tokenAmount),
    usdAmount: s.amountCents / 100,
    created,
  }
}
