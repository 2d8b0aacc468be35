import { z } from 'zod'
import { isLoyaltyError } from '../../errors/loyalty-error'
import { processBulkEvents } from '../../events/process-bulk-events'
import { MAX_BULK_EVENTS } from '../../events/process-bulk-events-schema'
import { agentEventBody, agentEventSchema } from '../agent-event-inputs'
import { defineAgentTool } from '../agent-tool'

/** A refused item: the engine's message and code; duplicates, cooldown and limits name their `reason`. */
type Failure = { index: number; success: false; error: string; code: string; reason?: string }

const resultSchema = z.object({
  index: z.number().int(),
  success: z.boolean(),
  eventId: z.string().optional(),
  walletAddress: z.string().optional(),
  rewardAmount: z.number().optional(),
  transactionHash: z.string().nullable().optional(),
  status: z.enum(['confirmed', 'pending']).optional(),
  error: z.string().optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
})

const failureOf = (index: number, error: string, code: string, details: unknown): Failure => {
  const reason = (details as { reason?: unknown } | undefined)?.reason
  return {
    index,
    success: false,
    error,
    code,
    ...(code === 'DUPLICATE_EVENT' ? { reason: 'duplicate' } : typeof reason === 'string' ? { reason } : {}),
  }
}

/** #14 POST /events/bulk: 1–100 events, each as #13; results in input order. */
export const processBulkTool = defineAgentTool({
  name: 'loyalty_agent_process_bulk',
  title: 'Process events in bulk',
  description:
    'Records 1 to 100 customer events at once, each judged like process_event (brand rules, cooldowns, limits), one after another in the order given. One failed event does not stop the others; results come back in input order.',
  method: 'POST',
  path: '/events/bulk',
  auth: 'signed',
  brandsOf: (input) => [...new Set(input.events.map((e) => e.brandId))],
  group: 'actions',
  input: z.object({
    events: z
      .array(agentEventSchema, { error: 'must be an array of events' })
      .min(1, 'must hold at least one event')
      .max(MAX_BULK_EVENTS, `must hold at most ${MAX_BULK_EVENTS} events`),
  }),
  output: z.object({
    processed: z.number().int(),
    failed: z.number().int(),
    results: z.array(resultSchema),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler(ctx, input, caller, settings) {
    const source = caller.kind === 'agent' ? `agent:${caller.key.id}` : 'agent'
    const results: z.input<typeof resultSchema>[] = []
    const bodies: { index: number; body: Awaited<ReturnType<typeof agentEventBody>> }[] = []
    for (const [index, e] of input.events.entries()) {
      try {
        bodies.push({ index, body: await agentEventBody(ctx, e) })
      } catch (error) {
        if (!isLoyaltyError(error)) throw error
        results[index] = failureOf(index, error.message, error.code, error.details)
      }
    }
    if (bodies.length > 0) {
      const bulk = await processBulkEvents(ctx, { events: bodies.map((b) => b.body) }, { ...settings, source })
      for (const [i, r] of bulk.results.entries()) {
        const index = bodies[i]?.index ?? i
        results[index] = r.success
          ? {
              index,
              success: true,
              eventId: r.eventId,
              walletAddress: r.walletAddress,
              rewardAmount: r.rewardAmount,
              transactionHash: r.transactionHash,
              status: r.status,
            }
          : failureOf(index, r.error, r.code, r.details)
      }
    }
    const processed = results.filter((r) => r.success).length
    return { processed, failed: results.length - processed, results }
  },
})
