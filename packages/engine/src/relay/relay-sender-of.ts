import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { RelaySender } from './relay-sender'

/**
 * The relay sender of the context: `ctx.relaySender`, which the runtime that opened the chain
 * created and started (`createRelaySender`). Throws CHAIN_UNAVAILABLE (503) without a chain, or
 * RELAY_SENDER_MISSING when a chain was given without a sender.
 */
export function relaySenderOf(ctx: Pick<EngineContext, 'chain' | 'relaySender'>): RelaySender {
  requireChain(ctx)
  if (!ctx.relaySender) {
    throw new UnavailableError(
      'The relayer is not running (EngineContext.relaySender is undefined; create it with createRelaySender)',
      'RELAY_SENDER_MISSING',
    )
  }
  return ctx.relaySender
}
