import { z } from 'zod'
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types'

/** In an endpoint's event types: every type, including types added later (Stripe's `enabled_events: ['*']`). */
const EVERY_EVENT_TYPE = '*'

/**
 * The event types an endpoint receives: a non-empty list of `WEBHOOK_EVENT_TYPES` names, or `['*']`
 * for all of them. Answered without duplicates; a list holding `*` is `['*']`.
 */
export const webhookEndpointEventTypesSchema = z
  .array(z.enum([EVERY_EVENT_TYPE, ...WEBHOOK_EVENT_TYPES]))
  .min(1, `must name at least one event type (or "${EVERY_EVENT_TYPE}" for all)`)
  .max(50)
  .transform((types) => (types.includes(EVERY_EVENT_TYPE) ? [EVERY_EVENT_TYPE] : [...new Set(types)]))

/** Whether an endpoint with these event types receives `eventType`. */
export function receivesEventType(eventTypes: readonly string[], eventType: string): boolean {
  return eventTypes.includes(EVERY_EVENT_TYPE) || eventTypes.includes(eventType)
}
