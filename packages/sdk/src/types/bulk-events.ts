// Written by hand from spec 01 §4 and DESIGN.md for now; to be replaced by the types inferred from the
// shared zod schemas once they exist.
import type { ManualEventParams } from './manual-event'

export type BulkEventsParams = {
  events: ManualEventParams[]
}

export type BulkEventResult = {
  success: boolean
  eventId: string
  /** Why this item failed (not in the spec's table; present when `success` is false). */
  error?: string
}

/** 200 response of bulk-events. */
export type BulkEventsResponse = {
  success: boolean
  processed: number
  /** Count of failed items (DESIGN.md: real clients rely on it). */
  failed: number
  results: BulkEventResult[]
}
