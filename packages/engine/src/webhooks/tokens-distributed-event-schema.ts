import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/**
 * Body of the outgoing `tokens_distributed` webhook (spec 01 §6), signed per Standard Webhooks;
 * verify it with `webhooks.verify` of `@loyaltykit/sdk`.
 */
export const tokensDistributedEventSchema = z.object({
  event: z.literal('tokens_distributed'),
  brandId: wireFormats.address,
  /** The user the reward counted against: the normalised email (or lowercase address) of the event. */
  userId: z.string(),
  email: z.string(),
  walletAddress: wireFormats.address,
  tokenAmount: z.number(),
  transactionHash: wireFormats.transactionHash,
  /** When the tokens were distributed (the mint's confirmation), epoch milliseconds. */
  timestamp: z.number().int(),
})
