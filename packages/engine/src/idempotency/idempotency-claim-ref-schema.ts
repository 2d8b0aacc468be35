import { z } from 'zod'

/** One claim of an idempotency key: the key, in its scope (who sent it), and the claimant (a random id per attempt). */
export const idempotencyClaimRefSchema = z.object({
  scope: z.string().min(1),
  key: z.string().min(1),
  claimId: z.string().min(1),
})
