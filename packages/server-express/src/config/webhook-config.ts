import { ConfigError, DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS } from '@loyaltykit/engine'
import { z } from 'zod'

/** The webhook dispatcher's settings (docs/webhooks.md, docs/configuration.md). */
export type WebhookConfig = {
  /** Run the dispatcher in this process (`LOYALTYKIT_WEBHOOKS`, default true). */
  enabled: boolean
  /** Waits after failed attempts 1, 2, …, in ms; attempts = length + 1. */
  retryScheduleMs: number[]
  jitter: number
  timeoutMs: number
  pollIntervalMs: number
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `30s,2m,1h` (units ms, s, m, h, d; a bare number is ms) → [30000, 120000, 3600000]. */
export function parseDurationList(value: string): number[] | undefined {
  const parts = value.split(',').map((p) => p.trim())
  if (parts.length === 0 || parts.some((p) => p === '')) return undefined
  const out: number[] = []
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(part)
    if (!m) return undefined
    out.push(Math.round(Number(m[1]) * (UNIT_MS[m[2] ?? 'ms'] ?? 1)))
  }
  return out
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const integer = (min: number, max: number) => {
  const error = `must be an integer number of milliseconds (${min}-${max})`
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error })
}

const fraction = z.coerce
  .number({ error: 'must be a number between 0 and 1' })
  .min(0, { error: 'must be a number between 0 and 1' })
  .max(1, { error: 'must be a number between 0 and 1' })

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v)

const webhookEnvSchema = z.object({
  LOYALTYKIT_WEBHOOKS: z.preprocess(blankIsUnset, flag.optional()),
  LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((v, ctx) => {
        const list = parseDurationList(v)
        if (!list || list.length > 50) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a comma-separated list of durations such as 30s,2m,1h (at most 50)',
          })
          return z.NEVER
        }
        return list
      })
      .optional(),
  ),
  LOYALTYKIT_WEBHOOK_JITTER: z.preprocess(blankIsUnset, fraction.optional()),
  LOYALTYKIT_WEBHOOK_TIMEOUT_MS: z.preprocess(blankIsUnset, integer(100, 120_000).optional()),
  LOYALTYKIT_WEBHOOK_POLL_MS: z.preprocess(blankIsUnset, integer(10, 600_000).optional()),
})

/**
 * Reads the webhook dispatcher's variables. Throws a ConfigError whose message is ONE line naming
 * every invalid variable.
 */
export function loadWebhookConfig(env: Readonly<Record<string, string | undefined>>): WebhookConfig {
  const result = webhookEnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const raw = env[name]
      return `${name} ${issue.message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`}`
    })
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`, {
      variables: result.error.issues.map((i) => String(i.path[0])),
    })
  }
  const e = result.data
  return {
    enabled: e.LOYALTYKIT_WEBHOOKS ?? true,
    retryScheduleMs: e.LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE ?? [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS],
    jitter: e.LOYALTYKIT_WEBHOOK_JITTER ?? 0.2,
    timeoutMs: e.LOYALTYKIT_WEBHOOK_TIMEOUT_MS ?? 10_000,
    pollIntervalMs: e.LOYALTYKIT_WEBHOOK_POLL_MS ?? 1_000,
  }
}
