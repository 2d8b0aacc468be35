import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { ConflictError, NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { WebhookAttemptOutcome } from '../ports/webhook-store'
import { requireWebhookEndpoint } from './require-webhook-endpoint'
import { sampleWebhookBody } from './sample-webhook-body'
import { sendSignedWebhook } from './send-signed-webhook'
import { type TriggerWebhookParameters, triggerWebhookParametersSchema } from './trigger-webhook-schema'
import { toWebhookDelivery, type WebhookDelivery } from './webhook-delivery'
import { resolveWebhookDispatcherOptions, type WebhookDispatcherOptions } from './webhook-dispatcher-options'

/** How the attempt is made; the defaults are the dispatcher's. */
export type TriggerWebhookOptions = Pick<
  WebhookDispatcherOptions,
  'timeoutMs' | 'fetch' | 'userAgent' | 'allowPrivateAddresses' | 'dnsServers'
>

export type TriggerWebhookReturnType = {
  /** The test delivery as the log now shows it: `delivered`, or `failed` (a test is attempted once). */
  delivery: WebhookDelivery
  /** Where it was sent: the endpoint's URL. */
  url: string
  /** The body sent (parsed). */
  payload: unknown
  /** Any 2xx. */
  acknowledged: boolean
  /** HTTP status of the answer; null when none came (network error, timeout). */
  statusCode: number | null
  /** From sending the request to the answer's status line (or the failure), in ms. */
  latencyMs: number
  /** Why the attempt failed (null when acknowledged). */
  error: string | null
}

/**
 * Sends a sample delivery of `event` to one of the brand's webhook endpoints now (`endpointId`, else
 * the default endpoint), as `stripe trigger` does:
 * a realistic body of that event (`sampleWebhookBody`), signed with the endpoint's secret by the
 * dispatcher's signer (`sendSignedWebhook`, Standard Webhooks), recorded in the delivery log as a
 * test delivery (`test: true`, event id `test_…`, no mint job) and attempted once, here: the outcome
 * is written before this resolves (`delivered` or `failed`, no retry schedule; `redeliverWebhook`
 * schedules it again like any delivery). The row is written with the attempt already claimed, so
 * if this process dies mid-attempt a dispatcher retries it once the claim expires.
 *
 * NotFoundError BRAND_NOT_FOUND / WEBHOOK_ENDPOINT_NOT_FOUND; ConflictError WEBHOOK_ENDPOINT_DISABLED
 * (a disabled endpoint is sent nothing, tests included). The event type is sent even when the
 * endpoint does not subscribe to it (a test asks for it by name). A failed attempt is not an error: read
 * `acknowledged`, `statusCode` and `error`.
 */
export async function triggerWebhook(
  ctx: EngineContext,
  params: TriggerWebhookParameters,
  options: TriggerWebhookOptions = {},
): Promise<TriggerWebhookReturnType> {
  const { brandId, event, endpointId } = parseInput(triggerWebhookParametersSchema, params)
  const o = resolveWebhookDispatcherOptions(options)
  await requireBrand(ctx.storage, brandId)
  const endpoint =
    endpointId === undefined
      ? await ctx.storage.webhooks.getDefaultEndpoint(brandId)
      : await requireWebhookEndpoint(ctx.storage, brandId, endpointId)
  if (!endpoint) {
    throw new NotFoundError(`Brand ${brandId} has no webhook endpoint`, 'WEBHOOK_ENDPOINT_NOT_FOUND', { brandId })
  }
  if (!endpoint.enabled) {
    throw new ConflictError(
      `The webhook endpoint ${endpoint.id} of brand ${brandId} is disabled (enable it first)`,
      'WEBHOOK_ENDPOINT_DISABLED',
      { brandId, endpointId: endpoint.id },
    )
  }
  const secrets = await ctx.storage.webhooks.getEndpointSecrets(endpoint.id)
  if (!secrets) throw new NotFoundError(`Webhook endpoint ${endpoint.id} not found`, 'WEBHOOK_ENDPOINT_NOT_FOUND')

  const now = ctx.clock.now()
  const hex = () => ctx.ids.uuid().replaceAll('-', '')
  const id = `msg_${hex()}`
  const claimToken = ctx.ids.uuid()
  const body = sampleWebhookBody(event, { brandId, now })
  await ctx.storage.webhooks.insertDelivery({
    id,
    brandId,
    endpointId: endpoint.id,
    eventType: event,
    eventId: `test_${hex()}`,
    mintJobId: null,
    payload: body,
    test: true,
    status: 'pending',
    attempts: 1,
    nextAttemptAt: now + o.claimTtlMs,
    claimToken,
    lastAttemptAt: now,
    lastStatusCode: null,
    lastError: null,
    deliveredAt: null,
    createdAt: now,
    updatedAt: now,
  })

  const result = await sendSignedWebhook(ctx, {
    id,
    url: endpoint.url,
    secrets,
    body,
    timeoutMs: o.timeoutMs,
    fetch: o.fetch,
    userAgent: o.userAgent,
  })
  const outcome: WebhookAttemptOutcome = result.acknowledged
    ? { delivered: true, statusCode: result.statusCode }
    : { delivered: false, statusCode: result.statusCode, error: result.error, nextAttemptAt: null }
  await ctx.storage.webhooks.completeAttempt({ id, claimToken, now: ctx.clock.now(), outcome })
  const record = await ctx.storage.webhooks.getDelivery(id)
  if (!record) throw new Error(`test webhook delivery ${id} vanished`)
  ctx.logger.info(
    { deliveryId: id, brandId, endpointId: endpoint.id, event, status: result.statusCode, latencyMs: result.latencyMs },
    'test webhook sent',
  )
  return {
    delivery: toWebhookDelivery(record),
    url: endpoint.url,
    payload: JSON.parse(body),
    acknowledged: result.acknowledged,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    error: result.acknowledged ? null : result.error,
  }
}
