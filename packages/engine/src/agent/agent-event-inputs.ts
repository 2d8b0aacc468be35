import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { isLoyaltyError } from '../errors/loyalty-error'
import { RateLimitedError } from '../errors/rate-limited-error'
import { emailSchema } from '../schemas/email'
import { eventTypeSchema } from '../schemas/event-type'
import { agentInputs } from './agent-inputs'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** agent-api.md #13: metadata at most 16 KB of JSON. */
const MAX_METADATA_BYTES = 16 * 1024

/** One event as an agent sends it (#13's body, each item of #14's `events`). */
export const agentEventSchema = z.object({
  brandId: agentInputs.brandId,
  eventType: eventTypeSchema,
  /** An email, or the 0x address of an email's custodial wallet. */
  userId: agentInputs.userId.refine((v) => ADDRESS.test(v) || emailSchema.safeParse(v).success, {
    error: 'must be an email address or a 0x address',
  }),
  metadata: z
    .record(z.string(), z.unknown(), { error: 'must be an object' })
    .refine((m) => Buffer.byteLength(JSON.stringify(m), 'utf8') <= MAX_METADATA_BYTES, {
      error: 'must be at most 16 KB of JSON',
    })
    .optional(),
})

export type AgentEvent = z.output<typeof agentEventSchema>

/**
 * The body `processEvent` takes for an agent's event: the user's email (for a 0x address, the email
 * whose custodial wallet it is; any other address → 404 USER_NOT_FOUND: events are counted per email).
 */
export async function agentEventBody(ctx: EngineContext, e: AgentEvent) {
  let userEmail = e.userId
  if (ADDRESS.test(e.userId)) {
    const owner = (await ctx.storage.wallets.findByAddress(e.userId.toLowerCase()))?.ownerKey
    if (!owner?.startsWith('email:')) {
      throw new NotFoundError(`No member with the wallet ${e.userId}`, 'USER_NOT_FOUND', { userId: e.userId })
    }
    userEmail = owner.slice('email:'.length)
  }
  return {
    brandId: e.brandId,
    eventType: e.eventType,
    userEmail,
    ...(e.metadata === undefined ? {} : { metadata: e.metadata }),
  }
}

/**
 * The agent API's answer to an event refusal (agent-api.md #13): cooldown, max claims and max total
 * claims are 429 already; a duplicate (409 on manual-event) becomes 429 too, with the reason
 * `duplicate` and the duplicate window (default 60 s) as Retry-After. Everything else is unchanged.
 */
export function agentEventError(error: unknown, now: number, duplicateWindowMs = 60_000): unknown {
  if (!isLoyaltyError(error) || error.code !== 'DUPLICATE_EVENT') return error
  const details = (error.details ?? {}) as Record<string, unknown>
  const seconds = Math.max(1, Math.ceil(duplicateWindowMs / 1000))
  return new RateLimitedError(
    'Duplicate event',
    'DUPLICATE_EVENT',
    { ...details, reason: 'duplicate' },
    {
      limit: 1,
      remaining: 0,
      reset: Math.floor(now / 1000) + seconds,
      retryAfter: seconds,
    },
  )
}
