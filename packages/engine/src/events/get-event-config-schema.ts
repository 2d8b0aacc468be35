import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { eventRuleWireSchema } from '../schemas/event-rule'
import { wireFormats } from '../schemas/wire-formats'

/** Query of `GET /loyalty-api/event-config`. */
export const getEventConfigParametersSchema = z.object({
  /** The brand id: a lowercase 0x address. */
  brandId: z.string({ error: 'brandId is required' }).min(1, { error: 'brandId is required' }).pipe(brandIdSchema),
})

export type GetEventConfigParameters = z.input<typeof getEventConfigParametersSchema>

/** 200 body of `GET /loyalty-api/event-config`: the brand's active event rules. */
export const getEventConfigResponseSchema = z.object({
  success: z.literal(true),
  brandId: wireFormats.address,
  /** The enabled rules (the six defaults unless the brand changed them). */
  events: z.array(eventRuleWireSchema),
  /** `events.length`. */
  count: wireFormats.count,
})
