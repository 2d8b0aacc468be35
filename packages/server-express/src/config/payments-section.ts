import { defineSection } from './define-section'
import { envValue } from './env-value'

/** Which payment provider sells points (docs/payments.md, docs/configuration.md#payments). */
export type PaymentConfig =
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; clawbacks: boolean }
  | { provider: 'local'; clawbacks: boolean }
  | { provider: 'disabled'; clawbacks: boolean }

export const paymentsSection = defineSection({
  title: 'Payments',
  summary:
    'Buying points: Stripe when both Stripe variables are set, else the local dev-checkout provider (not in production) ([payments.md](payments.md)).',
  variables: {
    STRIPE_SECRET_KEY: envValue
      .secret(
        envValue.string({
          type: 'Stripe key',
          pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/,
          message: 'must be a Stripe secret key (sk_… or rk_…)',
          unset: 'no Stripe',
        }),
      )
      .describe('Stripe secret (`sk_…`) or restricted (`rk_…`) key. Needs `STRIPE_WEBHOOK_SECRET`.'),
    STRIPE_WEBHOOK_SECRET: envValue
      .secret(
        envValue.string({
          type: 'Stripe webhook secret',
          pattern: /^whsec_[A-Za-z0-9+/=_]{8,}$/,
          message: 'must be a webhook signing secret (whsec_…)',
          unset: 'no Stripe',
        }),
      )
      .describe('Signing secret (`whsec_…`) of the Stripe webhook endpoint. Needs `STRIPE_SECRET_KEY`.'),
    LOYALTYKIT_LOCAL_PAYMENTS: envValue
      .boolean({ unset: '`true`, except `false` when `NODE_ENV=production`' })
      .describe(
        'Without Stripe: `true` = the local provider (a dev checkout page on this server: anyone who opens it can “pay”), `false` = payments disabled (503). Contradicts the Stripe variables when `true`.',
      ),
    LOYALTYKIT_CLAWBACKS: envValue
      .boolean({ default: true })
      .describe('Run the refund clawback worker in this process.'),
  },
  read(v, deps: { production: boolean }, report): PaymentConfig {
    const clawbacks = v.LOYALTYKIT_CLAWBACKS
    const stripe = v.STRIPE_SECRET_KEY !== undefined || v.STRIPE_WEBHOOK_SECRET !== undefined
    if (!stripe) {
      const local = v.LOYALTYKIT_LOCAL_PAYMENTS ?? !deps.production
      return { provider: local ? 'local' : 'disabled', clawbacks }
    }
    if (v.STRIPE_SECRET_KEY === undefined)
      report('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET (Stripe needs both)')
    if (v.STRIPE_WEBHOOK_SECRET === undefined)
      report('STRIPE_WEBHOOK_SECRET', 'is required with STRIPE_SECRET_KEY (Stripe needs both)')
    if (v.LOYALTYKIT_LOCAL_PAYMENTS === true) {
      report('LOYALTYKIT_LOCAL_PAYMENTS', 'is true but the Stripe variables are set: choose one payment provider')
    }
    return {
      provider: 'stripe',
      secretKey: v.STRIPE_SECRET_KEY ?? '',
      webhookSecret: v.STRIPE_WEBHOOK_SECRET ?? '',
      clawbacks,
    }
  },
})
