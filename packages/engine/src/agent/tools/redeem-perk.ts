import { z } from 'zod'
import { memberRedemptionOf, memberRedemptionSchema } from '../../perks/member-redemption'
import { redeemForMember } from '../../perks/redeem-for-member'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { findAgentUser } from '../find-agent-user'

/** #15 POST /perks/redeem: redeems a perk for a member (custodial permit + claimFor), once per idempotency key. */
export const redeemPerkTool = defineAgentTool({
  name: 'loyalty_agent_redeem_perk',
  title: 'Redeem perk',
  description:
    "Spends a member's points on one of the brand's perks: checks the perk is active, in stock, under its per-user limit and affordable, then claims it on chain for the member's custodial wallet. Answers a confirmation code, the perk token, the points spent and the new balance. Send idempotencyKey to make a retry safe.",
  method: 'POST',
  path: '/perks/redeem',
  auth: 'signed',
  brandsOf: (input) => [input.brandId],
  group: 'actions',
  input: z.object({
    perkId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    userId: agentInputs.userId,
    brandId: agentInputs.brandId,
    idempotencyKey: z.string().trim().min(1).max(255, 'must be at most 255 characters').optional(),
  }),
  output: memberRedemptionSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async handler(ctx, input, caller) {
    const user = await findAgentUser(ctx, input.userId)
    const r = await redeemForMember(ctx, {
      perkId: input.perkId,
      brandId: input.brandId,
      walletAddress: user.walletAddress,
      source: 'agent',
      ...(caller.kind === 'agent' ? { agentKeyId: caller.key.id } : {}),
      ...(input.idempotencyKey === undefined ? {} : { idempotencyKey: input.idempotencyKey }),
    })
    return memberRedemptionOf(r)
  },
})
