import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { NotFoundError, ValidationError } from '../../errors/common-errors'
import { setRule } from '../../rules/set-rule'
import { eventTypeSchema } from '../../schemas/event-type'
import { agentEventSchema, agentEventView } from '../agent-event-view'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'

const optionalInteger = (min: number, max: number) =>
  agentInputs.integer(min, max, Number.NaN).transform((v) => (Number.isNaN(v) ? undefined : v))

/** #28 PATCH /brands/:brandId/events/:eventId: change a reward event. */
export const updateEventTool = defineAgentTool({
  name: 'loyalty_agent_update_event',
  title: 'Update a reward event',
  description:
    "Changes a reward event of a brand's program: its reward, whether it is enabled, its total claim limit (0 = unlimited) or its cooldown (hours). At least one is required. The change applies to the next event (event-config caches are cleared). Needs canManageProgram and the brand in the key's scope.",
  method: 'PATCH',
  path: '/brands/:brandId/events/:eventId',
  auth: 'signed',
  permission: 'canManageProgram',
  brandsOf: (input) => [input.brandId],
  group: 'program',
  input: z.object({
    brandId: agentInputs.brandId,
    eventId: eventTypeSchema,
    rewardAmount: optionalInteger(1, 1_000_000),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    maxClaims: optionalInteger(0, Number.MAX_SAFE_INTEGER),
    cooldownHours: agentInputs.number(0, 8760, Number.NaN).transform((v) => (Number.isNaN(v) ? undefined : v)),
  }),
  output: z.object({ event: agentEventSchema }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const { brandId, eventId, rewardAmount, enabled, maxClaims, cooldownHours } = input
    if ([rewardAmount, enabled, maxClaims, cooldownHours].every((v) => v === undefined)) {
      throw new ValidationError('Invalid input', [
        { field: 'rewardAmount', message: 'give at least one of rewardAmount, enabled, maxClaims, cooldownHours' },
      ])
    }
    await requireBrand(ctx.storage, brandId)
    if (!(await ctx.storage.rules.get(brandId, eventId))) {
      throw new NotFoundError(`No event ${eventId} at brand ${brandId}`, 'EVENT_NOT_FOUND', { eventId })
    }
    const rule = await setRule(ctx, {
      brandId,
      eventType: eventId,
      ...(rewardAmount === undefined ? {} : { rewardAmount }),
      ...(enabled === undefined ? {} : { enabled }),
      ...(maxClaims === undefined ? {} : { maxTotalClaims: maxClaims === 0 ? null : maxClaims }),
      ...(cooldownHours === undefined ? {} : { cooldownHours }),
    })
    return { event: agentEventView(rule) }
  },
})
