import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { hitRateLimit } from './hit-rate-limit'
import { peekRateLimit } from './peek-rate-limit'

/** `engine.rateLimits`: the fixed-window counters every server process shares (the per-IP limits). */
export function bindRateLimits(ctx: EngineContext) {
  return {
    hit: bindOperation(ctx, hitRateLimit),
    peek: bindOperation(ctx, peekRateLimit),
  }
}
