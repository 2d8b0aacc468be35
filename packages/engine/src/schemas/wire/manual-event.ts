import { z } from 'zod'
import { manualEventSchema } from '../../events/manual-event-schema'
import { wireFormats } from './wire-formats'

/** Body of `POST /loyalty-api/manual-event` (and of each bulk-events item); the server parses it with this schema. */
export const manualEventRequestSchema = manualEventSchema

/** The `reward` object of a manual-event answer. */
export const eventRewardSchema = z.object({
  amount: z.number(),
  eventType: z.string(),
  walletAddress: wireFormats.address,
  /** null while the mint is `pending`. */
  transactionHash: wireFormats.transactionHash.nullable(),
})

/** 200 body of `POST /loyalty-api/manual-event` (and each successful bulk-events result). */
export const manualEventResponseSchema = z.object({
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
