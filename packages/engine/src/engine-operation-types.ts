import type { Engine } from './create-engine'

/** The facade's namespaces: `'events' | 'brands' | 'payments' | …` (`engine.ctx` is not one). */
export type EngineNamespace = Exclude<keyof Engine, 'ctx'>

/** The bound operations of one namespace: `EngineOperation<'events'>` is `'process' | 'processBulk' | …`. */
export type EngineOperation<N extends EngineNamespace> = keyof Engine[N] & string

/** `engine[N][O]` as a function (every member of a namespace is one; `Extract` lets TypeScript see it). */
type BoundOperation<N extends EngineNamespace, O extends EngineOperation<N>> = Extract<
  Engine[N][O],
  (...args: never[]) => unknown
>

/**
 * What a bound operation takes as `params`: `EngineParameters<'events', 'process'>` is the first
 * argument of `engine.events.process(params, options?)`, i.e. the operation's `z.input` of its
 * parameters schema (`undefined` left out where `params` is optional). The types of the facade are
 * derived from it, not exported one by one (viem's `Parameters`/`ReturnType` style), so adding an
 * operation adds no line to the package's entry.
 */
export type EngineParameters<N extends EngineNamespace, O extends EngineOperation<N>> = Exclude<
  Parameters<BoundOperation<N, O>>[0],
  undefined
>

/** What a bound operation takes as `options` (its second, optional argument), `undefined` left out. */
export type EngineOptions<N extends EngineNamespace, O extends EngineOperation<N>> = Exclude<
  Parameters<BoundOperation<N, O>>[1],
  undefined
>

/** What a bound operation resolves to: `EngineReturnType<'events', 'process'>` (awaited). */
export type EngineReturnType<N extends EngineNamespace, O extends EngineOperation<N>> = Awaited<
  ReturnType<BoundOperation<N, O>>
>
