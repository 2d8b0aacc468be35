import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { processEventParametersSchema, processEventResponseSchema } from './process-event-schema'

export const MAX_BULK_EVENTS = 100

/**
 * Body of `POST /loyalty-api/bulk-events`: 1 to 100 manual-event bodies. `processBulkEvents` judges
 * each item on its own, so an invalid item fails alone (in `results`) rather than failing the request.
 */
export const processBulkEventsParametersSchema = z.object({
  events: z.array(processEventParametersSchema).min(1).max(MAX_BULK_EVENTS),
})

export type ProcessBulkEventsParameters = z.input<typeof processBulkEventsParametersSchema>

/** A refused bulk-events item: the error a single manual-event would have answered. */
export const bulkEventFailureSchema = z.object({
  success: z.literal(false),
  eventId: z.null(),
  /** The error message (e.g. `Cooldown active`). */
  error: z.string(),
  /** Machine-readable code (e.g. `COOLDOWN_ACTIVE`). */
  code: z.string(),
  details: z.unknown().optional(),
})

/** One item of bulk-events' `results`, in input order. */
export const bulkEventResultSchema = z.discriminatedUnion('success', [
  processEventResponseSchema,
  bulkEventFailureSchema,
])

/** 200 body of `POST /loyalty-api/bulk-events`. */
export const processBulkEventsResponseSchema = z.object({
  success: z.literal(true),
  /** Items accepted. */
  processed: wireFormats.count,
  /** Items refused. */
  failed: wireFormats.count,
  results: z.array(bulkEventResultSchema),
})
