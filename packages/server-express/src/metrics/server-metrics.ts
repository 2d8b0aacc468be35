import type { EngineObserver } from '@loyaltykit/engine'
import type { Express, RequestHandler } from 'express'
import { collectDefaultMetrics, Registry } from 'prom-client'
import { createEngineMetrics } from './engine-metrics'
import { createGaugeMetrics, type SetGauges } from './gauge-metrics'
import { createHttpMetrics } from './http-metrics'
import { createRuntimeMetrics, type RuntimeSources } from './runtime-metrics'

/** The Prometheus registry of one server (docs/operations.md lists every metric it holds). */
export type ServerMetrics = {
  registry: Registry
  /** The engine's observer: pass it to `createEngine` (`openRuntime` does) so events, mints, relays and webhooks count. */
  observer: EngineObserver
  /** The request-duration middleware for `app` (`createApp` mounts it first). */
  http(app: Express): RequestHandler
  /** Sets the scrape-time gauges from `engine.health.readGauges` (the `/metrics` route does, cached). */
  setGauges: SetGauges
  /** What this process holds that its gauges read at each scrape: the database pool, the minter's lease. */
  watch(sources: RuntimeSources): void
}

/**
 * A registry of its own (never prom-client's global one, so several servers in one process do not
 * mix) with prom-client's default process metrics, the engine's counters and histograms, and the
 * gauges.
 */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const runtime = createRuntimeMetrics(registry)
  return {
    registry,
    observer: createEngineMetrics(registry),
    http: createHttpMetrics(registry),
    setGauges: createGaugeMetrics(registry),
    watch: runtime.watch,
  }
}
