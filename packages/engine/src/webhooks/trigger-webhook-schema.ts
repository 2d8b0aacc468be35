import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { webhookEndpointIdSchema } from './webhook-endpoint-id'
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types'

export const triggerWebhookParametersSchema = z.object({
  brandId: brandIdSchema,
  /** Which event to send a sample of (default `tokens_distributed`). */
  event: z.enum(WEBHOOK_EVENT_TYPES).default('tokens_distributed'),
  /** The endpoint to send it to; absent: the brand's default endpoint. */
  endpointId: webhookEndpointIdSchema.optional(),
})

export type TriggerWebhookParameters = z.input<typeof triggerWebhookParametersSchema>
