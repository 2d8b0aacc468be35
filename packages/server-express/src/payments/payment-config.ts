import { ConfigError } from '@loyaltykit/engine'
import { z } from 'zod'

/** Which payment provider sells points (docs/payments.md, docs/configuration.md). */
export type PaymentConfig =
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; clawbacks: boolean }
  | { provider: 'local'; clawbacks: boolean }
  | { provider: 'disabled'; clawbacks: boolean }

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const paymentEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, { error: 'must be a Stripe secret key (sk_… or rk_…)' })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_]{8,}$/, { error: 'must be a webhook signing secret (whsec_…)' })
      .optional(),
  ),
  LOYALTYKIT_LOCAL_PAYMENTS: z.preprocess(blankIsUnset, flag.optional()),
  LOYALTYKIT_CLAWBACKS: z.preprocess(blankIsUnset, flag.optional()),
  NODE_ENV: z.string().optional(),
})

/** Names of the variables that hold payment secrets (never echoed). */
export const PAYMENT_SECRET_ENV_NAMES: ReadonlySet<string> = new Set(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])

/**
 * Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set (one alone is an error);
 * otherwise the local provider (a dev checkout page on this server), except in production, where it
 * must be asked for with LOYALTYKIT_LOCAL_PAYMENTS=true (anyone who opens its page can "pay").
 * LOYALTYKIT_LOCAL_PAYMENTS=false disables payments. LOYALTYKIT_CLAWBACKS=false stops this process
 * from running the refund clawback worker (default: runs it). Throws a one-line ConfigError.
 */
export function loadPaymentConfig(env: Readonly<Record<string, string | undefined>>): PaymentConfig {
  const result = paymentEnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const raw = env[name]
      const shown =
        PAYMENT_SECRET_ENV_NAMES.has(name) || raw === undefined ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`
      return `${name} ${issue.message}${shown}`
    })
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`, {
      variables: result.error.issues.map((i) => String(i.path[0])),
    })
  }
  const e = result.data
  const clawbacks = e.LOYALTYKIT_CLAWBACKS ?? true
  if (e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET) {
    if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
      const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'
      throw new ConfigError(
        `invalid configuration: ${missing} is required with ${missing === 'STRIPE_SECRET_KEY' ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'} (Stripe needs both)`,
        { variables: [missing] },
      )
    }
    return { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, clawbacks }
  }
  const local = e.LOYALTYKIT_LOCAL_PAYMENTS ?? e.NODE_ENV !== 'production'
  return { provider: local ? 'local' : 'disabled', clawbacks }
}
