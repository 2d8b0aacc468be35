import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createWebhookDispatcher } from './create-webhook-dispatcher'
import { createWebhookEndpoint } from './create-webhook-endpoint'
import { deleteWebhookEndpoint } from './delete-webhook-endpoint'
import { getWebhookEndpoint } from './get-webhook-endpoint'
import { listWebhookDeliveries } from './list-webhook-deliveries'
import { listWebhookDeliveryPage } from './list-webhook-delivery-page'
import { listWebhookEndpoints } from './list-webhook-endpoints'
import { redeliverWebhook } from './redeliver-webhook'
import { rotateWebhookEndpointSecret } from './rotate-webhook-endpoint-secret'
import { setWebhookEndpoint } from './set-webhook-endpoint'
import { setWebhookEndpointEnabled } from './set-webhook-endpoint-enabled'
import { triggerWebhook } from './trigger-webhook'
import { updateWebhookEndpoint } from './update-webhook-endpoint'

/** `engine.webhooks`: a brand's endpoints, their secrets, the delivery log, and the dispatcher worker. */
export function bindWebhooks(ctx: EngineContext) {
  return {
    setEndpoint: bindOperation(ctx, setWebhookEndpoint),
    setEndpointEnabled: bindOperation(ctx, setWebhookEndpointEnabled),
    getEndpoint: bindOperation(ctx, getWebhookEndpoint),
    createEndpoint: bindOperation(ctx, createWebhookEndpoint),
    listEndpoints: bindOperation(ctx, listWebhookEndpoints),
    updateEndpoint: bindOperation(ctx, updateWebhookEndpoint),
    deleteEndpoint: bindOperation(ctx, deleteWebhookEndpoint),
    rotateSecret: bindOperation(ctx, rotateWebhookEndpointSecret),
    listDeliveries: bindOperation(ctx, listWebhookDeliveries),
    listDeliveryPage: bindOperation(ctx, listWebhookDeliveryPage),
    redeliver: bindOperation(ctx, redeliverWebhook),
    trigger: bindOperation(ctx, triggerWebhook),
    createDispatcher: bindOperation(ctx, createWebhookDispatcher),
  }
}
