import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

/** The payments section of a configuration (production needs a master key, which this section does not use). */
const loadPaymentConfig = (env: Record<string, string>) =>
  loadConfig({ LOYALTYKIT_MASTER_KEY: 'ab'.repeat(32), ...env }).payments

const SK = 'sk_test_51NzQkLJb0aXc1secretvalue'
const WH = 'whsec_5f8a0c1e2d3b4a5968778695a4b3c2d1'

function message(env: Record<string, string>): string {
  try {
    loadPaymentConfig(env)
  } catch (e) {
    if (isLoyaltyError(e)) return e.message
    throw e
  }
  return 'ok'
}

describe('payments section', () => {
  it('uses Stripe when both Stripe variables are set', () => {
    expect(loadPaymentConfig({ STRIPE_SECRET_KEY: SK, STRIPE_WEBHOOK_SECRET: WH })).toEqual({
      provider: 'stripe',
      secretKey: SK,
      webhookSecret: WH,
      clawbacks: true,
    })
  })

  it('refuses one Stripe variable alone and malformed values, never echoing secrets', () => {
    expect(message({ STRIPE_SECRET_KEY: SK })).toMatch(/STRIPE_WEBHOOK_SECRET is required/)
    expect(message({ STRIPE_WEBHOOK_SECRET: WH })).toMatch(/STRIPE_SECRET_KEY is required/)
    const bad = message({ STRIPE_SECRET_KEY: 'pk_test_public_1234567890', STRIPE_WEBHOOK_SECRET: WH })
    expect(bad).toMatch(/STRIPE_SECRET_KEY must be a Stripe secret key/)
    expect(bad).not.toContain('pk_test_public')
  })

  it('defaults to the local provider, except in production', () => {
    expect(loadPaymentConfig({}).provider).toBe('local')
    expect(loadPaymentConfig({ NODE_ENV: 'production' }).provider).toBe('disabled')
    expect(loadPaymentConfig({ NODE_ENV: 'production', LOYALTYKIT_LOCAL_PAYMENTS: 'true' }).provider).toBe('local')
    expect(loadPaymentConfig({ LOYALTYKIT_LOCAL_PAYMENTS: 'false' }).provider).toBe('disabled')
    expect(loadPaymentConfig({ LOYALTYKIT_CLAWBACKS: 'false' }).clawbacks).toBe(false)
  })
})

describe('payments section: contradictions', () => {
  it('refuses the local provider asked for together with Stripe, never echoing the Stripe secrets', () => {
    const m = message({ STRIPE_SECRET_KEY: SK, STRIPE_WEBHOOK_SECRET: WH, LOYALTYKIT_LOCAL_PAYMENTS: 'true' })
    expect(m).toBe(
      'invalid configuration: LOYALTYKIT_LOCAL_PAYMENTS is true but the Stripe variables are set: choose one payment provider',
    )
    expect(
      loadPaymentConfig({ STRIPE_SECRET_KEY: SK, STRIPE_WEBHOOK_SECRET: WH, LOYALTYKIT_LOCAL_PAYMENTS: 'false' }),
    ).toMatchObject({
      provider: 'stripe',
    })
    expect(message({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toMatch(
      /sk_test_x|whsec_x/,
    )
  })
})
