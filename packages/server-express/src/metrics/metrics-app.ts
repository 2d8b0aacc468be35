import type { Engine } from '@loyaltykit/engine'
import express, { type Express } from 'express'
import { errorHandler } from '../http/error-handler'
import { httpLogger } from '../http/http-logger'
import { DEFAULT_BODY_LIMIT_BYTES } from '../http/json-body'
import { notFound } from '../http/not-found'
import type { ServerLogger } from '../logging/create-logger'
import { type MetricsRoutesParameters, metricsRoutes } from './metrics-routes'
import type { ServerMetrics } from './server-metrics'

/**
 * The app of `LOYALTYKIT_METRICS_PORT`: `GET /metrics` and nothing else (404 JSON). Its requests are
 * not counted in the request histogram, which is about the main port's traffic. Scrapes get a request
 * id but no request line (one every few seconds); other paths are logged as on the main port.
 */
export function createMetricsApp(
  engine: Engine,
  metrics: ServerMetrics,
  p: MetricsRoutesParameters & { logger: ServerLogger },
): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.use(httpLogger(p.logger, { unloggedPaths: ['/metrics'] }))
  app.use(metricsRoutes(engine, metrics, p))
  app.use(notFound())
  app.use(errorHandler({ bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES }))
  return app
}
