import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { getRelayGasUsage } from './get-relay-gas-usage'
import { relay } from './relay'

/** `engine.relay`: the gasless relayer. */
export function bindRelay(ctx: EngineContext) {
  return {
    send: bindOperation(ctx, relay),
    getGasUsage: bindOperation(ctx, getRelayGasUsage),
  }
}
