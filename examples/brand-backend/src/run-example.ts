import { type BulkEventsResponse, createLoyaltyClient, type ManualEventResponse } from '@loyaltykit/sdk'

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
}

/** What a brand backend does: reward a sign-up, then send a batch of purchases and surveys. */
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
  return { signup, bulk }
}
