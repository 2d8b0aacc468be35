import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { getTokenBalance } from '../../identity/get-token-balance'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { findAgentUser } from '../find-agent-user'

/** #10 GET /users/:userId/brands/:brandId/balance: balance on chain, earned and redeemed at the brand (ledger). */
export const userBalanceTool = defineAgentTool({
  name: 'loyalty_agent_user_balance',
  title: 'User balance',
  description:
    "A user's points: the token balance of their wallet on chain (network-wide), and what they earned in rewards and redeemed in perks at this brand (from the ledger). userId is an email or a 0x address.",
  method: 'GET',
  path: '/users/:userId/brands/:brandId/balance',
  auth: 'signed',
  group: 'commerce',
  input: z.object({ userId: agentInputs.userId, brandId: agentInputs.brandId }),
  output: z.object({
    userId: z.string(),
    brandId: z.string(),
    walletAddress: z.string(),
    /** Whole tokens on chain (may carry a fraction). */
    balance: z.number(),
    /** Σ reward entries at this brand (pending ones included). */
    totalEarned: z.number(),
    /** Σ perk redemptions at this brand. */
    totalRedeemed: z.number(),
    /** Net of this brand's entries not confirmed on chain yet. */
    pending: z.number(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    await requireBrand(ctx.storage, input.brandId)
    const user = await findAgentUser(ctx, input.userId)
    const [onChain, totals] = await Promise.all([
      getTokenBalance(ctx, { address: user.walletAddress }),
      ctx.storage.ledger.memberTotals({ walletAddress: user.walletAddress, brandId: input.brandId }),
    ])
    return {
      userId: input.userId,
      brandId: input.brandId,
      walletAddress: user.walletAddress,
      balance: Number(onChain.balance),
      totalEarned: totals.earned,
      totalRedeemed: totals.redeemed,
      pending: totals.unconfirmed,
    }
  },
})
