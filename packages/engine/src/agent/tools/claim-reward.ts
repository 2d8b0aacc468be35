import { z } from 'zod'
import { AGENT_REWARD_TYPES } from '../../ports/agent-reward-store'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { claimAgentReward } from '../claim-agent-reward'

const capUse = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() })

/** #16 POST /agent/rewards/claim: an agent's reward for discovering or onboarding a brand. */
export const claimRewardTool = defineAgentTool({
  name: 'loyalty_agent_claim_reward',
  title: 'Claim agent reward',
  description:
    "Claims the agent's own reward for a brand, minted to the agent key's custodial wallet: discovery (100 tokens; a brand created in the last 30 days, the first agent to claim it wins) or onboarding (500 tokens; only the agent key that onboarded the brand). Each reward is paid once per brand. Per key: at most 10 discovery claims a day and 50 a week, 3 onboarding claims a day and 10 a week (429 when reached).",
  method: 'POST',
  path: '/agent/rewards/claim',
  auth: 'signed',
  group: 'actions',
  input: z.object({
    rewardType: z.enum(AGENT_REWARD_TYPES as ['discovery', 'onboarding']),
    brandAddress: agentInputs.brandId,
  }),
  output: z.object({
    claimId: z.string(),
    rewardType: z.enum(['discovery', 'onboarding']),
    brandAddress: z.string(),
    amount: z.number().int(),
    walletAddress: z.string(),
    /** null while the mint is pending. */
    transactionHash: z.string().nullable(),
    status: z.enum(['confirmed', 'pending']),
    caps: z.object({ daily: capUse, weekly: capUse }),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async handler(ctx, input, caller, settings) {
    if (caller.kind !== 'agent') throw new Error('claim_reward is a signed tool')
    return claimAgentReward(ctx, { key: caller.key, ...input }, { mintWaitMs: settings.mintWaitMs })
  },
})
