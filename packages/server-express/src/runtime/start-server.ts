import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sdkJsPath } from '@loyaltykit/browser-sdk/path'
import { dashboardDir } from '@loyaltykit/dashboard/path'
import { createNodeDnsResolver, type Minter, type WebhookDispatcher } from '@loyaltykit/engine'
import { createApp } from '../app/create-app'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import type { ServerLogger } from '../logging/create-logger'
import { createMetricsApp } from '../metrics/metrics-app'
import { createServerMetrics } from '../metrics/server-metrics'
import { type StartedPayments, startPayments } from '../payments/start-payments'
import { closeServer } from './close-server'
import { type DemoBrand, ensureDemoBrand } from './ensure-demo-brand'
import { listen } from './listen'
import { openRuntime, type Runtime } from './open-runtime'
import { startRedemptionRecovery } from './start-redemption-recovery'
import { startWebhookDispatcher } from './start-webhook-dispatcher'

export type StartServerParameters = {
  config: LoyaltykitConfig
  logger: ServerLogger
}

export type RunningServer = {
  runtime: Runtime
  server: Server
  /** The bound port (useful with PORT=0). */
  port: number
  /** The bound port of `/metrics` when it has one of its own (LOYALTYKIT_METRICS_PORT). */
  metricsPort: number | undefined
  /** http://localhost:<port> (or LOYALTYKIT_PUBLIC_URL when set). */
  url: string
  demo: DemoBrand | undefined
  minter: Minter | undefined
  webhooks: WebhookDispatcher | undefined
  /** Payment provider and refund clawback worker (docs/payments.md). */
  payments: StartedPayments | undefined
  /**
   * Stops in order: the HTTP server stops accepting and lets in-flight requests finish (they may be
   * waiting for their mint, so the minter still runs) → minter and webhook dispatcher stop → chain →
   * storage. Idempotent.
   */
  close(): Promise<void>
}

/**
 * Everything `loyaltykit start` does: open the runtime (storage, migrations, key vault, chain,
 * engine), ensure the demo brand, start the minter and the webhook dispatcher, listen on PORT.
 */
export async function startServer(p: StartServerParameters): Promise<RunningServer> {
  const { config, logger } = p
  const { server: serverConfig, eventHandler, observability } = config
  const metrics = createServerMetrics()
  const runtime = await openRuntime({ config, logger, withChain: true, observer: metrics.observer })
  let server: Server | undefined
  let metricsServer: Server | undefined
  let minter: Minter | undefined
  let webhooks: WebhookDispatcher | undefined
  let payments: StartedPayments | undefined
  let redemptions: { stop(): Promise<void> } | undefined
  const stopWorkers = async () => {
    await Promise.allSettled([minter?.stop(), webhooks?.stop(), payments?.stop(), redemptions?.stop()])
  }
  try {
    // http://localhost covers every port; a public URL elsewhere is added to the demo brand's websites.
    const publicUrl = serverConfig.publicUrlConfigured ? serverConfig.publicUrl : undefined
    const demo = serverConfig.demoBrand ? await ensureDemoBrand(runtime.engine, publicUrl) : undefined
    if (runtime.chain) {
      minter = runtime.engine.mint.createMinter({ batchWindowMs: config.minter.batchWindowMs })
      minter.start()
      redemptions = startRedemptionRecovery(runtime.engine, logger)
    }
    metrics.watch({ pool: runtime.storage.poolStats, minterLeaseHeld: () => minter?.stats().leaseHeld ?? false })
    webhooks = startWebhookDispatcher(runtime, config.webhooks, logger, config.eventHandler.dnsServers)
    payments = await startPayments(runtime, config.payments, { mintWaitMs: config.minter.waitMs, logger, publicUrl })
    const app = createApp({
      engine: runtime.engine,
      logger,
      config: { trustProxy: serverConfig.trustProxy, healthTimeoutMs: serverConfig.healthTimeoutMs },
      observability: {
        metrics,
        onMainPort: observability.metrics.onMainPort,
        token: observability.metrics.token,
        cacheMs: observability.metrics.cacheMs,
        maxMintBacklog: observability.readiness.maxMintBacklog,
      },
      payments: payments.routes,
      pregeneration: config.pregeneration,
      relayer: config.relayer,
      idempotency: config.idempotency,
      rateLimits: config.rateLimits,
      agent: config.agent,
      site: { mintWaitMs: config.minter.waitMs },
      dashboardDir,
      eventHandler: {
        ...eventHandler,
        mintWaitMs: config.minter.waitMs,
        dnsResolver: createNodeDnsResolver({ servers: eventHandler.dnsServers }),
        sdkJsPath: existsSync(sdkJsPath) ? sdkJsPath : undefined,
      },
    })
    server = await listen(app, serverConfig.port, serverConfig.host, serverConfig.http)
    const port = (server.address() as AddressInfo).port
    const scrape = observability.metrics
    if (scrape.port !== undefined) {
      const metricsApp = createMetricsApp(runtime.engine, metrics, {
        token: scrape.token,
        cacheMs: scrape.cacheMs,
        timeoutMs: serverConfig.healthTimeoutMs,
        logger,
      })
      metricsServer = await listen(metricsApp, scrape.port, scrape.host, serverConfig.http)
    } else if (!scrape.onMainPort) {
      logger.warn({}, '/metrics is not served: in production set LOYALTYKIT_METRICS_PORT or LOYALTYKIT_METRICS_TOKEN')
    }
    const metricsPort = metricsServer ? (metricsServer.address() as AddressInfo).port : undefined
    const url =
      serverConfig.port === 0 && !serverConfig.publicUrlConfigured ? `http://localhost:${port}` : serverConfig.publicUrl
    logger.info(
      { port, url, metricsPort, dialect: runtime.storage.dialect, chain: runtime.chain?.kind ?? 'none' },
      'listening',
    )
    const listening = server
    const listeningMetrics = metricsServer
    let closing: Promise<void> | undefined
    return {
      runtime,
      server: listening,
      port,
      metricsPort,
      url,
      demo,
      minter,
      webhooks,
      payments,
      close() {
        closing ??= (async () => {
          try {
            await Promise.all([
              closeServer(listening, serverConfig.shutdownTimeoutMs),
              listeningMetrics ? closeServer(listeningMetrics, 0) : undefined,
            ])
          } finally {
            await stopWorkers()
            await runtime.close()
          }
        })()
        return closing
      },
    }
  } catch (e) {
    if (server) await closeServer(server, 0).catch(() => {})
    if (metricsServer) await closeServer(metricsServer, 0).catch(() => {})
    await stopWorkers()
    await runtime.close().catch(() => {})
    throw e
  }
}
