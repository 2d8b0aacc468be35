import { z } from 'zod'
import { isValidDomain } from './domain-names'

const ADDRESS = /^0x[0-9a-f]{40}$/
const ANY_CASE_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const EVENT_TYPE = /^[A-Za-z0-9_]+$/

export const brandIdSchema = z
  .string({ error: 'brandId is required' })
  .length(42, { error: 'brandId must be 42 characters (0x + 40 hex digits)' })
  .regex(ANY_CASE_ADDRESS, { error: 'brandId must be an Ethereum address (0x + 40 hex digits)' })
  .regex(ADDRESS, { error: 'brandId must be lowercase' })

export const eventTypeSchema = z
  .string({ error: 'eventType is required' })
  .min(1, { error: 'eventType is required' })
  .max(50, { error: 'eventType must be at most 50 characters' })
  .regex(EVENT_TYPE, { error: 'eventType may contain only letters, digits and underscores' })

export const userEmailSchema = z
  .string({ error: 'userEmail is required' })
  .max(254, { error: 'userEmail must be at most 254 characters' })
  .pipe(z.email({ error: 'userEmail must be a valid email address' }))

const domainSchema = z
  .string()
  .max(253, { error: 'domain must be at most 253 characters' })
  .refine(isValidDomain, { error: 'domain must be a valid domain name' })

const sourceUrlSchema = z
  .string()
  .max(2048, { error: 'sourceUrl must be at most 2048 characters' })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    error: 'sourceUrl must be an http or https URL',
  })

const userIdentifierSchema = z
  .string()
  .max(254, { error: 'userIdentifier must be at most 254 characters' })
  .refine((v) => ANY_CASE_ADDRESS.test(v) || z.email().safeParse(v).success, {
    error: 'userIdentifier must be an email address or an Ethereum address',
  })

/**
 * Body of POST /loyalty-api/manual-event (and of each bulk-events item). Unknown keys are stripped,
 * never refused. Strings are expected to have had control characters removed already.
 */
export const manualEventSchema = z.object({
  brandId: brandIdSchema,
  eventType: eventTypeSchema,
  userEmail: userEmailSchema,
  domain: domainSchema.optional(),
  sourceUrl: sourceUrlSchema.optional(),
  userIdentifier: userIdentifierSchema.optional(),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be an object' }).optional(),
  channel_id: z.string().max(200, { error: 'channel_id must be at most 200 characters' }).optional(),
})

export type ManualEventInput = z.infer<typeof manualEventSchema>
