import { z } from 'zod'
import type { EngineContext } from '../context'
import { errorCodeOf } from '../errors/error-code-of'
import { isLoyaltyError, LoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import { claimEvent, type PreparedEvent, prepareEvent } from './accept-event'
import { MAX_BULK_EVENTS, type ProcessBulkEventsParameters } from './process-bulk-events-schema'
import type { ProcessEventOptions } from './process-event'
import { type AcceptedEvent, type SettledEvent, settleEvent } from './settle-event'

/** Each bulk item, like a single manual-event body, is at most 10 KB. */
const MAX_EVENT_BYTES = 10 * 1024

/** The envelope only: each item is parsed on its own (prepareEvent), so a bad item fails alone. */
const envelopeSchema = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be an array of events' })
    .min(1, { error: 'events must hold at least one event' })
    .max(MAX_BULK_EVENTS, { error: `events may hold at most ${MAX_BULK_EVENTS} events` }),
})

export type BulkEventResult =
  | ({ success: true } & SettledEvent)
  | { success: false; eventId: null; error: string; code: string; details?: unknown }

export type ProcessBulkEventsOptions = Omit<ProcessEventOptions, 'eventKey'> & {
  /**
   * One key per event, in input order (undefined: none): each event is recorded at most once under
   * its key, as `ProcessEventOptions.eventKey` says; a repeat fails alone with EVENT_ALREADY_RECORDED.
   */
  eventKeys?: readonly (string | undefined)[]
}

export type ProcessBulkEventsReturnType = {
  success: true
  processed: number
  failed: number
  results: BulkEventResult[]
}

/**
 * Up to 100 events, each judged by the same rules as a single event, one after another in input
 * order (so a repeat inside one request is a duplicate like any other). They are claimed in one
 * transaction with a savepoint each, so their mint jobs commit together and share the minter's
 * batches; the answer waits (bounded) for all of them.
 */
export async function processBulkEvents(
  ctx: EngineContext,
  params: ProcessBulkEventsParameters,
  options: ProcessBulkEventsOptions = {},
): Promise<ProcessBulkEventsReturnType> {
  const { events } = parseInput(envelopeSchema, params, 'Validation failed')
  // Judge what needs no lock first, then claim every event in ONE transaction, each in a savepoint
  // (a refusal rolls back that event alone): the mint jobs commit together and share batches.
  const prepared: (PreparedEvent | BulkEventResult)[] = []
  for (const item of events) {
    prepared.push(
      await settleError(async () => {
        // Each item is held to the single-event body limit.
        if (Buffer.byteLength(JSON.stringify(item) ?? '', 'utf8') > MAX_EVENT_BYTES) {
          throw new LoyaltyError(`Event exceeds the ${MAX_EVENT_BYTES / 1024} KB limit`, {
            code: 'PAYLOAD_TOO_LARGE',
            category: 'payload_too_large',
            details: { limitBytes: MAX_EVENT_BYTES },
          })
        }
        return prepareEvent(ctx, item, options)
      }),
    )
  }
  const { eventKeys, ...claimOptions } = options
  const accepted = await ctx.storage
    .transaction(async (tx) => {
      const out: (AcceptedEvent | BulkEventResult)[] = []
      for (const [i, p] of prepared.entries()) {
        const itemOptions = { ...claimOptions, eventKey: eventKeys?.[i] }
        out.push('success' in p ? p : await settleError(() => tx.savepoint(() => claimEvent(ctx, tx, p, itemOptions))))
      }
      return out
    })
    .catch((error: unknown) => {
      // Nothing of the request was kept: the events that were not refused already are refused now.
      const reason = errorCodeOf(error)
      for (const p of prepared) observeOutcome(ctx, 'success' in p ? p : { success: false, code: reason })
      throw error
    })
  for (const a of accepted) observeOutcome(ctx, 'success' in a ? a : { success: true })
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

/** Reports one event of the request: accepted, or refused with its code. */
function observeOutcome(ctx: EngineContext, item: { success: true } | { success: false; code: string }) {
  ctx.observer?.observe(item.success ? { type: 'event.accepted' } : { type: 'event.refused', reason: item.code })
}

/** The value, or the failure item for an engine error (other errors propagate). */
async function settleError<T>(fn: () => Promise<T>): Promise<T | BulkEventResult> {
  try {
    return await fn()
  } catch (e) {
    if (!isLoyaltyError(e)) throw e
    return {
      success: false,
      eventId: null,
      error: e.message,
      code: e.code,
      ...(e.details === undefined ? {} : { details: e.details }),
    }
  }
}
