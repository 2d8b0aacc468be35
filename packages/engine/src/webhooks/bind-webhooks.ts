import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createWebhookDispatcher } from './create-webhook-dispatcher'
import { getWebhookEndpoint } from './get-webhook-endpoint'
import { listWebhookDeliveries } from './list-webhook-deliveries'
import { redeliverWebhook } from './redeliver-webhook'
import { setWebhookEndpoint } from './set-webhook-endpoint'
import { setWebhookEndpointEnabled } from './set-webhook-endpoint-enabled'
import { triggerWebhook } from './trigger-webhook'

/** `engine.webhooks`: a brand's endpoint, its delivery log, and the dispatcher worker. */
export function bindWebhooks(ctx: EngineContext) {
  return {
    setEndpoint: bindOperation(ctx, setWebhookEndpoint),
    setEndpointEnabled: bindOperation(ctx, setWebhookEndpointEnabled),
    getEndpoint: bindOperation(ctx, getWebhookEndpoint),
    listDeliveries: bindOperation(ctx, listWebhookDeliveries),
    redeliver: bindOperation(ctx, redeliverWebhook),
    trigger: bindOperation(ctx, triggerWebhook),
    createDispatcher: bindOperation(ctx, createWebhookDispatcher),
  }
}
