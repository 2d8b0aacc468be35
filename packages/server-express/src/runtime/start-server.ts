import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WebhookDispatcher } from '@loyaltykit/engine'
import { createApp } from '../app/create-app'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import { loadWebhookConfig } from '../config/webhook-config'
import type { ServerLogger } from '../logging/create-logger'
import { closeServer } from './close-server'
import { type DemoBrand, ensureDemoBrand } from './ensure-demo-brand'
import { listen } from './listen'
import { openRuntime, type Runtime } from './open-runtime'
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
  /** http://localhost:<port> (or LOYALTYKIT_PUBLIC_URL when set). */
  url: string
  demo: DemoBrand | undefined
  /** Stops in order: minter → HTTP server (in-flight requests get the grace period) → chain → storage. */
  close(): Promise<void>
}

/**
 * Everything `loyaltykit start` does: open the runtime (storage, migrations, key vault, chain,
 * engine), ensure the demo brand, listen on PORT, start the minter.
 */
export async function startServer(p: StartServerParameters): Promise<RunningServer> {
  const { config, logger } = p
  const webhookConfig = loadWebhookConfig(config.env) // webhooks
  const runtime = await openRuntime({ config, logger, withChain: true })
  let server: Server | undefined
  let webhooks: WebhookDispatcher | undefined // webhooks
  try {
    const demo = config.demoBrand ? await ensureDemoBrand(runtime.engine, config.publicUrl) : undefined
    const app = createApp({
      engine: runtime.engine,
      logger,
      config: { trustProxy: config.trustProxy, healthTimeoutMs: config.healthTimeoutMs },
    })
    server = await listen(app, config.port, config.host)
    webhooks = startWebhookDispatcher(runtime, webhookConfig, logger) // webhooks: stopped first on close
    const port = (server.address() as AddressInfo).port
    const url = config.port === 0 && !config.env.LOYALTYKIT_PUBLIC_URL ? `http://localhost:${port}` : config.publicUrl
    logger.info({ port, url, dialect: runtime.storage.dialect, chain: runtime.chain?.kind ?? 'none' }, 'listening')
    const listening = server
    let closing: Promise<void> | undefined
    return {
      runtime,
      server: listening,
      port,
      url,
      demo,
      close() {
        closing ??= (async () => {
          try {
            await webhooks?.stop() // webhooks
            await closeServer(listening, config.shutdownTimeoutMs)
          } finally {
            await runtime.close()
          }
        })()
        return closing
      },
    }
  } catch (e) {
    await webhooks?.stop().catch(() => {}) // webhooks
    if (server) await closeServer(server, 0).catch(() => {})
    await runtime.close().catch(() => {})
    throw e
  }
}
