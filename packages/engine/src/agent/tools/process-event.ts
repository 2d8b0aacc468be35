import { z } from 'zod'
import { processEvent } from '../../events/process-event'
import { agentEventBody, agentEventError, agentEventSchema } from '../agent-event-inputs'
import { defineAgentTool } from '../agent-tool'

/** #13 POST /events: one event through the brand's rules, source `agent:<keyId>`, no domain check. */
export const processEventTool = defineAgentTool({
  name: 'loyalty_agent_process_event',
  title: 'Process event',
  description:
    "Records a customer event (eventType) for a user at a brand and rewards it by the brand's rule, minting the tokens to the user's wallet. Refused when the event type is not configured (400) or the user is in its cooldown, at its claim limit or sent the same event within a minute (429, with the reason).",
  method: 'POST',
  path: '/events',
  auth: 'signed',
  brandsOf: (input) => [input.brandId],
  group: 'actions',
  input: agentEventSchema,
  output: z.object({
    eventId: z.string(),
    eventType: z.string(),
    walletAddress: z.string(),
    rewardAmount: z.number(),
    /** null while the mint is pending. */
    transactionHash: z.string().nullable(),
    status: z.enum(['confirmed', 'pending']),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler(ctx, input, caller, settings) {
    const body = await agentEventBody(ctx, input)
    const source = caller.kind === 'agent' ? `agent:${caller.key.id}` : 'agent'
    try {
      const e = await processEvent(ctx, body, { ...settings, source })
      return {
        eventId: e.eventId,
        eventType: e.eventType,
        walletAddress: e.walletAddress,
        rewardAmount: e.rewardAmount,
        transactionHash: e.transactionHash,
        status: e.status,
      }
    } catch (error) {
      throw agentEventError(error, ctx.clock.now(), settings.duplicateWindowMs)
    }
  },
})
