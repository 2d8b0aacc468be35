import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandSummary, brandSummarySchema } from '../brand-summary'
import { purchaseReward } from '../purchase-reward'

/** #6 GET /brands/:brandId: the brand's reward program. */
export const brandInfoTool = defineAgentTool({
  name: 'loyalty_agent_brand_info',
  title: 'Brand reward program',
  description:
    "A brand's reward program: its summary, every enabled event with reward amount, claims per user and cooldown, and the cashback a purchase earns.",
  method: 'GET',
  path: '/brands/:brandId',
  auth: 'public',
  group: 'discover',
  input: z.object({ brandId: agentInputs.brandId }),
  output: brandSummarySchema.extend({
    events: z.array(
      z.object({
        eventId: z.string(),
        eventType: z.string(),
        rewardAmount: z.number(),
        /** Claims per user; −1 = unlimited. */
        maxClaims: z.number().int(),
        cooldownHours: z.number(),
      }),
    ),
    cashback: z.object({
      /** Tokens the enabled `purchase` (else `place_order`) rule rewards; 0 without one. */
      purchaseReward: z.number(),
      /** purchaseReward / 1000 USD back on a $100 purchase, in percent. */
      percentAt100Usd: z.number(),
    }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const { summary, rules } = await brandSummary(ctx, brand)
    const reward = purchaseReward(rules)
    return {
      ...summary,
      events: rules.map((r) => ({
        eventId: r.eventId,
        eventType: r.eventType,
        rewardAmount: r.rewardAmount,
        maxClaims: r.maxClaims,
        cooldownHours: r.cooldownHours,
      })),
      cashback: { purchaseReward: reward, percentAt100Usd: Math.round((reward / 1000) * 100) / 100 },
    }
  },
})
