import type { EngineContext } from '../context'
import { errorCodeOf } from '../errors/error-code-of'
import { type AcceptEventOptions, acceptEvent } from './accept-event'
import type { ProcessEventParameters } from './process-event-schema'
import { type SettledEvent, settleEvent } from './settle-event'

export type ProcessEventOptions = AcceptEventOptions & {
  /** How long to wait for the mint's transaction hash before answering `pending`. Default 10 s. */
  mintWaitMs?: number
}

export type ProcessEventReturnType = SettledEvent

/**
 * Judges one customer event against the brand's rule and, when accepted, records it and its mint job
 * in one transaction (checks and writes together, so concurrent identical requests cannot both pass),
 * then waits (bounded) for the mint's transaction hash.
 */
export async function processEvent(
  ctx: EngineContext,
  params: ProcessEventParameters,
  options: ProcessEventOptions = {},
): Promise<ProcessEventReturnType> {
  let accepted: Awaited<ReturnType<typeof acceptEvent>>
  try {
    accepted = await acceptEvent(ctx, params, options)
  } catch (error) {
    ctx.observer?.observe({ type: 'event.refused', reason: errorCodeOf(error) })
    throw error
  }
  ctx.observer?.observe({ type: 'event.accepted' })
  return settleEvent(ctx, accepted, options.mintWaitMs ?? 10_000)
}
