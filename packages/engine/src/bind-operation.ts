import type { EngineContext } from './context'

/**
 * `op(ctx, params, options?)` → `(params, options?)` over one context: the facade's only glue. The
 * bound function keeps the operation's parameter names, types and optionality. Worker factories
 * (`createMinter(ctx, options?)`) bind the same way.
 */
export function bindOperation<A extends unknown[], R>(
  ctx: EngineContext,
  op: (ctx: EngineContext, ...args: A) => R,
): (...args: A) => R {
  return (...args) => op(ctx, ...args)
}
