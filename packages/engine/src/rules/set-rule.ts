import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { ValidationError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { bumpRulesVersion } from '../events/rules-version'
import type { DetectionConfig, EventRule } from '../ports/rule-store'
import { brandIdSchema } from '../schemas/brand-id'
import { eventTypeSchema } from '../schemas/event-type'
import { DEFAULT_EVENT_RULES } from './default-event-rules'
import { newEventRule } from './new-event-rule'

const patternList = (max: number) => z.array(z.string().trim().min(1).max(max)).max(100)

export const setRuleParametersSchema = z.object({
  brandId: brandIdSchema,
  /** With `custom: true` the `custom_` prefix is added when missing; `custom_…` types are always custom. */
  eventType: eventTypeSchema,
  rewardAmount: z.number().int('must be a whole number of tokens').min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** −1 (or 999999) means unlimited. */
  maxClaims: z
    .number()
    .int()
    .refine((v) => v === -1 || v >= 1, 'must be -1 (unlimited) or at least 1')
    .optional(),
  cooldownHours: z
    .number()
    .min(0)
    .max(24 * 365 * 100)
    .optional(),
  /** null removes the global limit. */
  maxTotalClaims: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** Chat channels where the event is allowed; null or [] removes the restriction. */
  channels: patternList(100).nullable().optional(),
  urlPatterns: patternList(2048).optional(),
  successSelectors: patternList(500).optional(),
  detectionMethod: z
    .string()
    .regex(/^[a-z_]{1,50}$/, 'must be lowercase letters and underscores')
    .optional(),
  custom: z.boolean().optional(),
  enabled: z.boolean().optional(),
})

export type SetRuleParameters = z.input<typeof setRuleParametersSchema>

/**
 * Creates or changes one event rule of a brand: the one place rules change. Fields left out keep
 * their stored value (or the defaults for a new rule: maxClaims 1, cooldownHours 24, url_pattern).
 * A new rule needs `rewardAmount` unless it is one of the six default event types. Throws
 * NotFoundError (BRAND_NOT_FOUND) for an unknown brand, ValidationError for invalid input.
 */
export async function setRule(ctx: EngineContext, params: SetRuleParameters): Promise<EventRule> {
  const p = parseInput(setRuleParametersSchema, params, 'Invalid event rule')
  const eventType = p.custom && !p.eventType.startsWith('custom_') ? `custom_${p.eventType}` : p.eventType
  if (eventType.length > 50) {
    throw new ValidationError('Invalid event rule', [{ field: 'eventType', message: 'must be at most 50 characters' }])
  }

  return ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    const now = ctx.clock.now()
    const existing = await tx.rules.get(p.brandId, eventType, { forUpdate: true })
    const rewardAmount = p.rewardAmount ?? DEFAULT_EVENT_RULES.find((r) => r.eventType === eventType)?.rewardAmount
    if (!existing && rewardAmount === undefined) {
      throw new ValidationError('Invalid event rule', [
        { field: 'rewardAmount', message: 'is required for a new rule' },
      ])
    }
    const base = existing ?? newEventRule({ brandId: p.brandId, eventType, rewardAmount: rewardAmount ?? 0, now })

    const channels = p.channels === undefined ? base.detectionConfig.channels : (p.channels ?? [])
    const detectionConfig: DetectionConfig = {
      urlPatterns: p.urlPatterns ?? base.detectionConfig.urlPatterns,
      successSelectors: p.successSelectors ?? base.detectionConfig.successSelectors,
      ...(channels && channels.length > 0 ? { channels } : {}),
    }
    const rule: EventRule = {
      ...base,
      rewardAmount: p.rewardAmount ?? base.rewardAmount,
      maxClaims: p.maxClaims ?? base.maxClaims,
      cooldownHours: p.cooldownHours ?? base.cooldownHours,
      maxTotalClaims: p.maxTotalClaims === undefined ? base.maxTotalClaims : p.maxTotalClaims,
      detectionMethod: p.detectionMethod ?? base.detectionMethod,
      detectionConfig,
      enabled: p.enabled ?? base.enabled,
      updatedAt: now,
    }
    await tx.rules.upsert(rule)
    await bumpRulesVersion(tx, p.brandId, `${now}:${ctx.ids.uuid()}`)
    return rule
  })
}
