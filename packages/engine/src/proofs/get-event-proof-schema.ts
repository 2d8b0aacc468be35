import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { proofFactsSchema } from './proof-facts-schema'

/** `GET /loyalty-api/events/:eventId`: the path's id. Any string: what is no event id here is 404. */
export const getEventProofParametersSchema = z.object({
  eventId: z.string().trim().min(1, 'eventId is required').max(200),
})

export type GetEventProofParameters = z.input<typeof getEventProofParametersSchema>

/** The brand's rule for the event's type as it was when the event was judged (the ledger's snapshot). */
export const eventProofRuleSchema = z.object({
  /** `custom_…` for custom events, else the event type (as event-config's `eventId`). */
  eventId: z.string(),
  eventType: z.string(),
  rewardAmount: z.number(),
  /** −1 (or 999999): unlimited. */
  maxClaims: z.number(),
  /** 0: no cooldown. */
  cooldownHours: z.number(),
  /** Null: no global maximum. */
  maxTotalClaims: z.number().nullable(),
  /** When the rule was last changed before the judgement (its version). */
  updatedAt: wireFormats.isoTimestamp,
})

/** 200 body of `GET /loyalty-api/events/:eventId`: the proof of one event's reward. */
export const getEventProofResponseSchema = proofFactsSchema.extend({
  event: z.object({
    id: z.string(),
    eventType: z.string(),
    brandId: wireFormats.address,
    createdAt: wireFormats.isoTimestamp,
    /** Whole tokens the event earned (0: nothing was minted, and the chain fields are null). */
    rewardAmount: wireFormats.count,
    /** The user's email; masked (`a***@example.com`) unless the request carries the brand's API key. */
    userEmail: z.string(),
    /** The brand's website the event came from (`domain`, `sourceUrl` or `Origin`), when known. */
    domain: z.string().nullable(),
    /** `metadata.source` as sent (`chat_manual_reward`, …), when any. */
    source: z.string().nullable(),
    channelId: z.string().nullable(),
    /** The event's metadata as sent; null when masked (it may hold anything the brand sent about the user). */
    metadata: z.record(z.string(), z.unknown()).nullable(),
  }),
  /** Null when no snapshot was kept (an event recorded before the ledger, or one that minted nothing). */
  rule: eventProofRuleSchema.nullable(),
})
