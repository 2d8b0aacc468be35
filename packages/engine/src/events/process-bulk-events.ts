import { z } from 'zod'
import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import { acceptEvent } from './accept-event'
import type { ProcessEventOptions } from './process-event'
import { type AcceptedEvent, type SettledEvent, settleEvent } from './settle-event'

export const MAX_BULK_EVENTS = 100

const bulkSchema = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be an array of events' })
    .min(1, { error: 'events must hold at least one event' })
    .max(MAX_BULK_EVENTS, { error: `events may hold at most ${MAX_BULK_EVENTS} events` }),
})

export type BulkEventResult =
  | ({ success: true } & SettledEvent)
  | { success: false; eventId: null; error: string; code: string; details?: unknown }

export type ProcessBulkEventsReturnType = {
  success: true
  processed: number
  failed: number
  results: BulkEventResult[]
}

/**
 * Up to 100 events, each judged by the same rules as a single event, one after another in input
 * order (so a repeat inside one request is a duplicate like any other). Their mints are enqueued as
 * they are accepted and share the minter's batches; the answer waits (bounded) for all of them.
 */
export async function processBulkEvents(
  ctx: EngineContext,
  body: unknown,
  options: ProcessEventOptions = {},
): Promise<ProcessBulkEventsReturnType> {
  const { events } = parseInput(bulkSchema, body, 'Validation failed')
  const accepted: (AcceptedEvent | BulkEventResult)[] = []
  for (const item of events) {
    try {
      accepted.push(await acceptEvent(ctx, item, options))
    } catch (e) {
      if (!isLoyaltyError(e)) throw e
      accepted.push({
        success: false,
        eventId: null,
        error: e.message,
        code: e.code,
        ...(e.details === undefined ? {} : { details: e.details }),
      })
    }
  }
  const timeoutMs = options.mintWaitMs ?? 10_000
  const results = await Promise.all(
    accepted.map(
      async (a): Promise<BulkEventResult> =>
        'success' in a ? a : { success: true, ...(await settleEvent(ctx, a, timeoutMs)) },
    ),
  )
  const processed = results.filter((r) => r.success).length
  return { success: true, processed, failed: results.length - processed, results }
}
