import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { processEventParametersSchema } from './process-event-schema'

/**
 * Body of `POST /loyalty-api/check-eligibility`: the manual-event body, parsed the same way (unknown
 * keys stripped, control characters removed first, `userEmail` normalised).
 */
export const checkEligibilityParametersSchema = processEventParametersSchema

export type CheckEligibilityParameters = z.input<typeof checkEligibilityParametersSchema>

const reason = <C extends string, S extends z.ZodRawShape>(code: C, shape: S) =>
  z.object({
    code: z.literal(code),
    /** A sentence fit to show the user. */
    message: z.string(),
    ...shape,
  })

/**
 * Why an event would be refused: one per failing check of the brand's rule, in the order manual-event
 * checks them (docs/event-handler.md#eligibility-dry-run). manual-event answers the first of them.
 */
export const eligibilityReasonSchema = z.discriminatedUnion('code', [
  /** manual-event: 403 DOMAIN_NOT_AUTHORIZED. When present it is the only reason: nothing else is judged. */
  reason('domain', {
    /** The event's domain (`domain`, else the host of `sourceUrl`, else of `Origin`); null when none. */
    domain: z.string().nullable(),
    /** The hosts of the brand's websites. */
    configuredDomains: z.array(z.string()),
  }),
  /** manual-event: 400 EVENT_TYPE_NOT_CONFIGURED. The brand has no rule for this type. */
  reason('unknown_event', { eventType: z.string() }),
  /** manual-event: 400 EVENT_TYPE_NOT_CONFIGURED. The brand's rule for this type is disabled. */
  reason('disabled', { eventType: z.string() }),
  /** manual-event: 403 CHANNEL_NOT_ALLOWED. */
  reason('channel', { channel: z.string(), allowedChannels: z.array(z.string()) }),
  /** manual-event: 409 DUPLICATE_EVENT. The same event of this user was accepted inside the duplicate window. */
  reason('duplicate', {
    existingEventId: z.string(),
    /** Seconds until the window ends. */
    retryAfterSeconds: wireFormats.count,
    windowSeconds: wireFormats.count,
  }),
  /** manual-event: 429 MAX_TOTAL_CLAIMS_REACHED. The rule's global maximum is used up; it never resets. */
  reason('max_total_claims', { totalClaims: wireFormats.count, maxTotalClaims: wireFormats.count }),
  /** manual-event: 429 MAX_CLAIMS_REACHED. This user's maximum is used up; it never resets. */
  reason('max_claims', { totalClaims: wireFormats.count, maxClaims: wireFormats.count }),
  /** manual-event: 429 COOLDOWN_ACTIVE. */
  reason('cooldown', {
    /** Seconds until the cooldown ends. */
    retryAfterSeconds: wireFormats.count,
    /** The user's latest accepted event of this type, from which the cooldown runs. */
    previousReward: z.string(),
  }),
])

export type EligibilityReason = z.output<typeof eligibilityReasonSchema>

/** 200 body of `POST /loyalty-api/check-eligibility`. */
export const checkEligibilityResponseSchema = z.object({
  /** True exactly when manual-event, sent now with the same body and headers, would reward the user. */
  eligible: z.boolean(),
  /**
   * Tokens this event earns: the enabled rule's `rewardAmount` (also when `eligible` is false, for
   * the time after a cooldown); 0 for an unknown or disabled type or a refused domain.
   */
  rewardAmount: z.number(),
  /** Every reason that applies, in the order of the checks; empty when eligible. */
  reasons: z.array(eligibilityReasonSchema),
})
