import { z } from 'zod'
import { memberIdentifierSchema } from '../members/member-identifier'
import { brandIdSchema } from '../schemas/brand-id'
import { cursorListResponseSchema, listCursorSchema, listLimitSchema } from '../schemas/cursor-list'
import { eventTypeSchema } from '../schemas/event-type'
import { wireFormats } from '../schemas/wire-formats'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** An instant of a query string: an ISO 8601 date-time with a zone (`2030-01-31T12:00:00Z`, `…+02:00`) or a date (UTC midnight). */
const instantSchema = z
  .string()
  .refine((v) => DATE.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: 'must be an ISO 8601 date (2030-01-31) or date-time with a zone (2030-01-31T12:00:00Z)',
  })
  .transform((v, ctx) => {
    const ms = Date.parse(DATE.test(v) ? `${v}T00:00:00Z` : v)
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid date' })
      return z.NEVER
    }
    return ms
  })

/** `GET /loyalty-api/events?type=&user=&since=&until=&limit=&cursor=[&brandId=]` (a query string: coerced). */
export const listEventsParametersSchema = z
  .object({
    /** Only events of this type (`purchase`, `account_creation`, `custom_…`). */
    type: eventTypeSchema.optional(),
    /** Only this user's events: an email, or the wallet address the reward went to. */
    user: memberIdentifierSchema.optional(),
    /** Events at or after this instant. */
    since: instantSchema.optional(),
    /** Events strictly before this instant. */
    until: instantSchema.optional(),
    /** Events per page: 1 to 100, default 20 (out of range: 400, never clamped). */
    limit: listLimitSchema,
    /** `next_cursor` of the previous page (with the same filters); absent: the newest events. */
    cursor: listCursorSchema.optional(),
    /** Optional: when given it must be the API key's brand. */
    brandId: brandIdSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.since !== undefined && p.until !== undefined && p.until <= p.since) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'must be after since' })
    }
  })

export type ListEventsParameters = z.input<typeof listEventsParametersSchema>

/** Query of `GET /loyalty-api/events` as clients send it. */
export const listEventsRequestSchema = z.object({
  /** Only events of this type. */
  type: z.string().optional(),
  /** Only this user's events: an email or a wallet address. */
  user: z.string().optional(),
  /** ISO 8601 date or date-time: events at or after it. */
  since: z.string().optional(),
  /** ISO 8601 date or date-time: events strictly before it. */
  until: z.string().optional(),
  /** 1 to 100, default 20. */
  limit: z.number().int().min(1).max(100).optional(),
  /** `next_cursor` of the previous page. */
  cursor: z.string().optional(),
  brandId: z.string().optional(),
})

/** One reward event of the brand, as manual-event, bulk-events or the agent API recorded it. */
export const rewardEventSchema = z.object({
  /** The event id (its proof of issuance: `GET /loyalty-api/events/:id`). */
  id: z.string(),
  eventType: z.string(),
  /** The user's email (normalised). */
  userEmail: z.string(),
  /** The wallet the reward went to. */
  walletAddress: wireFormats.address,
  /** Whole tokens the rule granted (0: nothing minted). */
  rewardAmount: wireFormats.count,
  /** pending (not on chain yet) · confirmed (minted, or nothing to mint) · failed (the last mint attempt reverted; retried). */
  status: z.enum(['pending', 'confirmed', 'failed']),
  /** The mint's transaction once confirmed; else null. */
  transactionHash: z.string().nullable(),
  /** The brand's website the event came from, when known. */
  domain: z.string().nullable(),
  /** `metadata.source` as sent (`chat_manual_reward`, …), when any. */
  source: z.string().nullable(),
  channelId: z.string().nullable(),
  /** The event's metadata as sent. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: wireFormats.isoTimestamp,
})

/** 200 body of `GET /loyalty-api/events`: `{ data, has_more, next_cursor }`, newest first. */
export const listEventsResponseSchema = cursorListResponseSchema(rewardEventSchema)
