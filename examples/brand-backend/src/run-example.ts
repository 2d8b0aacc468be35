import {
  type BulkEventsResponse,
  type CreateCheckoutResponse,
  createLoyaltyClient,
  type ManualEventResponse,
} from '@loyaltykit/sdk'

export type ExampleParameters = {
  /** Where loyaltykit runs, e.g. http://localhost:3000. */
  baseUrl: string
  brandId: string
  /** A website configured for the brand (sent as `domain`). */
  domain: string
}

export type ExampleResult = {
  signup: ManualEventResponse
  bulk: BulkEventsResponse
  /** Send the buyer to `checkout.checkoutUrl`; the tokens are minted once the session is paid. */
  checkout: CreateCheckoutResponse
}

/**
 * What a brand backend does: reward a sign-up, send a batch of survey rewards, and open a checkout
 * where a customer buys points ($5.00 = 5,000 tokens).
 */
export async function runExample(p: ExampleParameters): Promise<ExampleResult> {
  const loyalty = createLoyaltyClient({ baseUrl: p.baseUrl })
  const signup = await loyalty.events.track({
    brandId: p.brandId,
    eventType: 'account_creation',
    userEmail: 'ada@example.com',
    domain: p.domain,
    metadata: { plan: 'free' },
  })
  const bulk = await loyalty.events.bulk({
    events: ['grace@example.com', 'alan@example.com'].map((userEmail) => ({
      brandId: p.brandId,
      eventType: 'complete_survey',
      userEmail,
      domain: p.domain,
    })),
  })
  const checkout = await loyalty.payments.createCheckout({
    brandId: p.brandId,
    amount: 500,
    userEmail: 'ada@example.com',
    successUrl: 'https://shop.example.com/thanks',
    cancelUrl: 'https://shop.example.com/cart',
  })
  return { signup, bulk, checkout }
}
