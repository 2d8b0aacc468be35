import type { WebhookDispatcher } from '@loyaltykit/engine'
import type { WebhookConfig } from '../config/webhooks-section'
import type { ServerLogger } from '../logging/create-logger'
import type { Runtime } from './open-runtime'

/**
 * Starts the outgoing-webhook dispatcher of this process (undefined when `LOYALTYKIT_WEBHOOKS=false`,
 * e.g. on all but one of several server processes, although any number may run). Stop it before
 * closing the runtime. `dnsServers` (`LOYALTYKIT_DNS_SERVERS`) resolve endpoint hosts for the SSRF guard.
 */
export function startWebhookDispatcher(
  runtime: Pick<Runtime, 'engine'>,
  config: WebhookConfig,
  logger: Pick<ServerLogger, 'info'>,
  dnsServers: readonly string[] = [],
): WebhookDispatcher | undefined {
  if (!config.enabled) {
    logger.info({}, 'webhook dispatcher disabled (LOYALTYKIT_WEBHOOKS=false)')
    return undefined
  }
  const dispatcher = runtime.engine.webhooks.createDispatcher({
    retryScheduleMs: config.retryScheduleMs,
    jitter: config.jitter,
    timeoutMs: config.timeoutMs,
    pollIntervalMs: config.pollIntervalMs,
    allowPrivateAddresses: config.allowPrivateAddresses,
    dnsServers,
  })
  dispatcher.start()
  logger.info(
    { attempts: config.retryScheduleMs.length + 1, pollIntervalMs: config.pollIntervalMs },
    'webhook dispatcher started',
  )
  return dispatcher
}
