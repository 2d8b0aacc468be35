import { z } from 'zod'
import { TOKENS_PER_USD } from '../../payments/usd-amount'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'

/** Participation p, frequency lift f and reward rate r per industry (agent-api.md #18). */
const INDUSTRIES = {
  retail: { participationRate: 0.3, frequencyLift: 0.15, rewardRate: 0.03 },
  dining: { participationRate: 0.4, frequencyLift: 0.2, rewardRate: 0.05 },
  travel: { participationRate: 0.25, frequencyLift: 0.1, rewardRate: 0.04 },
  gaming: { participationRate: 0.5, frequencyLift: 0.25, rewardRate: 0.05 },
  other: { participationRate: 0.3, frequencyLift: 0.12, rewardRate: 0.03 },
} as const

type Industry = keyof typeof INDUSTRIES

const usd = (v: number) => Math.round(v * 100) / 100

/** #18 POST /growth/estimate-roi: a loyalty program's monthly ROI for a business, from three inputs. */
export const estimateRoiTool = defineAgentTool({
  name: 'loyalty_agent_estimate_roi',
  title: 'Estimate loyalty ROI',
  description:
    'Estimates the monthly return of a points program for a business: members (participation × customers), incremental revenue from the visit-frequency lift, reward cost and points issued, net benefit and ROI. Industries: retail, dining, travel, gaming, other (anything else counts as other).',
  method: 'POST',
  path: '/growth/estimate-roi',
  auth: 'public',
  group: 'growth',
  input: z.object({
    industry: z.string().trim().toLowerCase().max(100).default('other'),
    monthlyCustomers: agentInputs.integer(1, 10_000_000, 1000),
    averageOrderValue: agentInputs.number(0.01, 1_000_000, 50),
  }),
  output: z.object({
    industry: z.enum(['retail', 'dining', 'travel', 'gaming', 'other']),
    monthlyCustomers: z.number().int(),
    averageOrderValue: z.number(),
    projectedMembers: z.number().int(),
    incrementalRevenueUsd: z.number(),
    rewardCostUsd: z.number(),
    monthlyPointsIssued: z.number().int(),
    netBenefitUsd: z.number(),
    /** netBenefit / rewardCost × 100; null when the cost is 0. */
    roiPercent: z.number().nullable(),
    assumptions: z.object({
      participationRate: z.number(),
      frequencyLift: z.number(),
      rewardRate: z.number(),
      tokensPerUsd: z.number(),
    }),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler(_ctx, input) {
    const industry: Industry = input.industry in INDUSTRIES ? (input.industry as Industry) : 'other'
    const a = INDUSTRIES[industry]
    const members = Math.round(input.monthlyCustomers * a.participationRate)
    const spend = members * input.averageOrderValue
    const incremental = spend * a.frequencyLift
    const cost = spend * (1 + a.frequencyLift) * a.rewardRate
    const net = incremental - cost
    return {
      industry,
      monthlyCustomers: input.monthlyCustomers,
      averageOrderValue: input.averageOrderValue,
      projectedMembers: members,
      incrementalRevenueUsd: usd(incremental),
      rewardCostUsd: usd(cost),
      monthlyPointsIssued: Math.round(cost * TOKENS_PER_USD),
      netBenefitUsd: usd(net),
      roiPercent: cost === 0 ? null : usd((net / cost) * 100),
      assumptions: { ...a, tokensPerUsd: TOKENS_PER_USD },
    }
  },
})
