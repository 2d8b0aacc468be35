import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { ValidationError } from '../../errors/common-errors'
import { setRule } from '../../rules/set-rule'
import { eventTypeSchema } from '../../schemas/event-type'
import { agentEventSchema, agentEventView } from '../agent-event-view'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'

/** #27 POST /brands/:brandId/events: a new reward event of a brand's program. */
export const createEventTool = defineAgentTool({
  name: 'loyalty_agent_create_event',
  title: 'Create a reward event',
  description:
    "Adds a reward event to a brand's program: its type, the tokens it rewards, the total claims allowed across users (0 = unlimited) and the cooldown between one user's claims (hours, default 24). Users may claim it any number of times. An existing event type is refused; change it with update_event. Needs canManageProgram and the brand in the key's scope.",
  method: 'POST',
  path: '/brands/:brandId/events',
  auth: 'signed',
  permission: 'canManageProgram',
  brandsOf: (input) => [input.brandId],
  group: 'program',
  input: z.object({
    brandId: agentInputs.brandId,
    eventType: eventTypeSchema,
    rewardAmount: agentInputs.integer(1, 1_000_000, Number.NaN).refine((v) => !Number.isNaN(v), 'is required'),
    maxClaims: agentInputs.integer(0, Number.MAX_SAFE_INTEGER, 0),
    cooldownHours: agentInputs.number(0, 8760, 24),
    detectionMethod: z
      .string()
      .regex(/^[a-z_]{1,50}$/, 'must be lowercase letters and underscores')
      .optional(),
  }),
  output: z.object({ event: agentEventSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    if (await ctx.storage.rules.get(input.brandId, input.eventType)) {
      throw new ValidationError(`Event ${input.eventType} already exists; change it with update_event`, [
        { field: 'eventType', message: 'already exists' },
      ])
    }
    const rule = await setRule(ctx, {
      brandId: input.brandId,
      eventType: input.eventType,
      rewardAmount: input.rewardAmount,
      maxClaims: -1,
      cooldownHours: input.cooldownHours,
      maxTotalClaims: input.maxClaims === 0 ? null : input.maxClaims,
      ...(input.detectionMethod ? { detectionMethod: input.detectionMethod } : {}),
      enabled: true,
    })
    return { event: agentEventView(rule) }
  },
})
