import { z } from 'zod'
import { brandIdSchema } from '../brand-id'
import { eventRuleWireSchema } from '../event-rule'
import { wireFormats } from './wire-formats'

/** Query of `GET /loyalty-api/event-config`. */
export const eventConfigRequestSchema = z.object({
  /** The brand id: a lowercase 0x address. */
  brandId: brandIdSchema,
})

/** 200 body of `GET /loyalty-api/event-config`: the brand's active event rules. */
export const eventConfigResponseSchema = z.object({
  success: z.literal(true),
  brandId: wireFormats.address,
  /** The enabled rules (the six defaults unless the brand changed them). */
  events: z.array(eventRuleWireSchema),
  /** `events.length`. */
  count: wireFormats.count,
})
