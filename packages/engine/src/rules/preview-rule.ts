import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { checkEligibility } from '../events/check-eligibility'
import { checkEligibilityResponseSchema } from '../events/check-eligibility-schema'
import { brandIdSchema } from '../schemas/brand-id'
import { emailSchema } from '../schemas/email'
import { eventTypeSchema } from '../schemas/event-type'

/** `POST /admin/v1/brands/:brandId/rules/:eventType/preview` (docs/admin-api.md#rule-preview). */
export const previewRuleParametersSchema = z.object({
  brandId: brandIdSchema,
  eventType: eventTypeSchema,
  /** The member the event would be for (its claim history is judged). */
  userEmail: z.string({ error: 'userEmail is required' }).pipe(emailSchema),
  /** A chat channel, for rules that list `detectionConfig.channels`. */
  channel: z.string().max(200, 'must be at most 200 characters').optional(),
})

export type PreviewRuleParameters = z.input<typeof previewRuleParametersSchema>

export type PreviewRuleOptions = {
  /** The duplicate window manual-event judges with (the server's LOYALTYKIT_DUPLICATE_WINDOW_MS); default 60 s. */
  duplicateWindowMs?: number
}

/** `eligible`, `rewardAmount` and every reason it would be refused now (check-eligibility's answer). */
export const previewRuleResponseSchema = checkEligibilityResponseSchema.extend({
  eventType: z.string(),
  userEmail: z.string(),
})

export type PreviewRuleReturnType = z.output<typeof previewRuleResponseSchema>

/**
 * Would an event of this type be rewarded now for this member, and why not: the brand's rule judged
 * by manual-event's checks (`checkEligibility`) as a trusted server sends it, so the website domain
 * is not judged (a manager previews the rule, not a page). Writes nothing. 404 BRAND_NOT_FOUND.
 */
export async function previewRule(
  ctx: EngineContext,
  params: PreviewRuleParameters,
  options: PreviewRuleOptions = {},
): Promise<PreviewRuleReturnType> {
  const p = parseInput(previewRuleParametersSchema, params, 'Invalid rule preview')
  const answer = await checkEligibility(
    ctx,
    {
      brandId: p.brandId,
      eventType: p.eventType,
      userEmail: p.userEmail,
      ...(p.channel === undefined ? {} : { channel_id: p.channel }),
    },
    {
      source: 'admin-preview',
      ...(options.duplicateWindowMs === undefined ? {} : { duplicateWindowMs: options.duplicateWindowMs }),
    },
  )
  return { eventType: p.eventType, userEmail: p.userEmail, ...answer }
}
