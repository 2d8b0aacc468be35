import { z } from 'zod'
import { proofFactsSchema } from './proof-facts-schema'

/** What `verifyProof` checks: the proof of an event, a payment (its session id) or a redemption. */
export const verifyProofParametersSchema = z.object({
  kind: z.enum(['event', 'payment', 'redemption']),
  /** The event id, the checkout session id, or `<collectionId>:<tokenId>` / a confirmation code. */
  id: z.string().trim().min(1, 'id is required').max(200),
})

export type VerifyProofParameters = z.input<typeof verifyProofParametersSchema>

/**
 * The answer of `loyaltykit verify-event` / `verify-payment` / `verify-redemption --json`: the proof's
 * on-chain facts as this server states them, and whether the chain shows them (`ok`; else `problem`
 * says the first thing that does not hold).
 */
export const verifyProofResponseSchema = proofFactsSchema.omit({ masked: true }).extend({
  ok: z.boolean(),
  kind: verifyProofParametersSchema.shape.kind,
  /** The id asked for. */
  id: z.string(),
  /** Null when `ok`. */
  problem: z.string().nullable(),
})
