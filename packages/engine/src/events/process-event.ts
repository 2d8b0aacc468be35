import type { EngineContext } from '../context'
import { acceptEvent } from './accept-event'
import { type SettledEvent, settleEvent } from './settle-event'

export type ProcessEventOptions = {
  /** The request's `Origin` header, when there is one. */
  origin?: string | undefined
  /** Same event type + user inside this window → 409. Default 60 s. */
  duplicateWindowMs?: number
  /**
   * The bearer API key the request presented, if any. A valid key of the event's brand with the
   * `events` scope makes the caller trusted: only then do internal sources (`metadata.source` of
   * chat_manual_reward, voice_claim, gateway_event) bypass cooldown and per-user limits. An invalid
   * key is refused (401).
   */
  apiKey?: string | undefined
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
  body: unknown,
  options: ProcessEventOptions = {},
): Promise<ProcessEventReturnType> {
  const accepted = await acceptEvent(ctx, body, options)
  return settleEvent(ctx, accepted, options.mintWaitMs ?? 10_000)
}
