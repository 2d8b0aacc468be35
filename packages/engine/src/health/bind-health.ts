import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { checkHealth } from './check-health'

/** `engine.health`: real probes of storage, chain and identity provider. */
export function bindHealth(ctx: EngineContext) {
  return {
    check: bindOperation(ctx, checkHealth),
  }
}
