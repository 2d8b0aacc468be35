import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { ChainPort } from '../ports/chain'

/** The context's chain; 503 CHAIN_UNAVAILABLE when the engine runs without one. */
export function requireChain(ctx: Pick<EngineContext, 'chain'>): ChainPort {
  if (!ctx.chain) throw new UnavailableError('The chain is not available', 'CHAIN_UNAVAILABLE')
  return ctx.chain
}
