import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { checkHealth } from './check-health'
import { checkReadiness } from './check-readiness'
import { readGauges } from './read-gauges'

/** `engine.health`: real probes of storage, chain and identity provider; readiness; the metrics' gauges. */
export function bindHealth(ctx: EngineContext) {
  return {
    check: bindOperation(ctx, checkHealth),
    checkReadiness: bindOperation(ctx, checkReadiness),
    readGauges: bindOperation(ctx, readGauges),
  }
}
