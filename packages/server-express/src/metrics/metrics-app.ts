import type { Engine } from '@loyaltykit/engine'
import express, { type Express } from 'express'
import { errorHandler } from '../http/error-handler'
import { DEFAULT_BODY_LIMIT_BYTES } from '../http/json-body'
import { notFound } from '../http/not-found'
import { requestId } from '../http/request-id'
import { type MetricsRoutesParameters, metricsRoutes } from './metrics-routes'
import type { ServerMetrics } from './server-metrics'

/**
 * The app of `LOYALTYKIT_METRICS_PORT`: `GET /metrics` and nothing else (404 JSON). Its requests are
 * not counted in the request histogram, which is about the main port's traffic.
 */
export function createMetricsApp(engine: Engine, metrics: ServerMetrics, p: MetricsRoutesParameters): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.use(requestId(p.logger))
  app.use(metricsRoutes(engine, metrics, p))
  app.use(notFound())
  app.use(errorHandler({ bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES }))
  return app
}
