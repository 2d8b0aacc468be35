import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { emailSchema } from '../schemas/email'
import { eventTypeSchema } from '../schemas/event-type'
import { wireFormats } from '../schemas/wire-formats'
import { isValidDomain } from '../web/domain-names'

const ANY_CASE_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A required string field whose absence says "is required" rather than a type error. */
function required(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  })
}

const domainSchema = z
  .string()
  .max(253, { error: 'must be at most 253 characters' })
  .refine(isValidDomain, { error: 'must be a valid domain name' })

const sourceUrlSchema = z
  .string()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    error: 'must be an http or https URL',
  })

const userIdentifierSchema = z
  .string()
  .max(254, { error: 'must be at most 254 characters' })
  .refine((v) => ANY_CASE_ADDRESS.test(v) || emailSchema.safeParse(v).success, {
    error: 'must be an email address or an Ethereum address',
  })

/**
 * Body of `POST /loyalty-api/manual-event` (and of each bulk-events item): what `processEvent` parses.
 * Unknown keys are stripped, never refused. The operation removes control characters first;
 * `userEmail` comes out normalised (trimmed, lowercase).
 */
export const processEventParametersSchema = z.object({
  /** The brand id: a lowercase 0x address (42 characters). */
  brandId: required('brandId').pipe(brandIdSchema),
  /** Letters, digits and underscore, at most 50; a custom event's `custom_…` id. */
  eventType: required('eventType').pipe(eventTypeSchema),
  /** The user's email (at most 254 characters); the reward goes to this user's wallet. */
  userEmail: required('userEmail').pipe(emailSchema),
  /** The brand's website domain (recommended); else taken from `sourceUrl`, then the Origin header. */
  domain: domainSchema.optional(),
  /** The page the event happened on: an http(s) URL, at most 2048 characters. */
  sourceUrl: sourceUrlSchema.optional(),
  /** An email or an Ethereum address; an address names the recipient wallet. */
  userIdentifier: userIdentifierSchema.optional(),
  /** Free-form event data; `skip_cooldown: true` bypasses the rule's cooldown. */
  metadata: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  /** Chat channel id or name, for events whose rule lists `detectionConfig.channels`. */
  channel_id: z.string().max(200, { error: 'must be at most 200 characters' }).optional(),
})

export type ProcessEventParameters = z.input<typeof processEventParametersSchema>

/** The `reward` object of a manual-event answer. */
export const eventRewardSchema = z.object({
  amount: z.number(),
  eventType: z.string(),
  walletAddress: wireFormats.address,
  /** null while the mint is `pending`. */
  transactionHash: wireFormats.transactionHash.nullable(),
})

/** 200 body of `POST /loyalty-api/manual-event` (and each successful bulk-events result). */
export const processEventResponseSchema = z.object({
  success: z.literal(true),
  /** UUID of the recorded event. */
  eventId: z.uuid(),
  /** Human readable. */
  message: z.string(),
  /** Tokens rewarded. */
  rewardAmount: z.number(),
  eventType: z.string(),
  /** True when this reward created the user's wallet. */
  walletCreated: z.boolean(),
  /** The user's custodial wallet (lowercase 0x address). */
  walletAddress: wireFormats.address,
  /**
   * The mint's transaction hash; null when the mint was not confirmed within the server's wait
   * (`status: "pending"`): the tokens still arrive, the hash reaches the webhook and the event record.
   */
  transactionHash: wireFormats.transactionHash.nullable(),
  /** `confirmed`: minted on chain; `pending`: accepted, mint still in flight. */
  status: z.enum(['confirmed', 'pending']),
  reward: eventRewardSchema,
})
