import { z } from 'zod'
import { AGENT_TIERS } from '../../ports/agent-key-store'
import { type AgentRewardCaps, agentRewardCaps, CAP_WINDOWS } from '../agent-reward-caps'
import { defineAgentTool } from '../agent-tool'

const capUse = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() })
const typeCaps = z.object({ daily: capUse, weekly: capUse, nextClaimAt: z.string().nullable() })
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const capsView = ({ nextClaimAt, ...caps }: AgentRewardCaps) => ({ ...caps, nextClaimAt: iso(nextClaimAt) })

/** #17 GET /agent/rewards: the calling key, what it earned, its caps and its rate window. */
export const myRewardsTool = defineAgentTool({
  name: 'loyalty_agent_my_rewards',
  title: 'My agent rewards',
  description:
    "The calling agent key: its tier and permissions, its custodial wallet (null until its first reward), the tokens it earned by discovery and onboarding rewards, how much of each reward's daily and weekly caps it has used, and its request rate window.",
  method: 'GET',
  path: '/agent/rewards',
  auth: 'signed',
  group: 'actions',
  input: z.object({}),
  output: z.object({
    agentKeyId: z.string(),
    name: z.string(),
    tier: z.enum(AGENT_TIERS as ['free', 'pro', 'enterprise']),
    permissions: z.object({
      canOnboard: z.boolean(),
      canManageProgram: z.boolean(),
      brandScope: z.array(z.string()).nullable(),
    }),
    walletAddress: z.string().nullable(),
    earnings: z.object({ total: z.number().int(), discovery: z.number().int(), onboarding: z.number().int() }),
    caps: z.object({ discovery: typeCaps, onboarding: typeCaps }),
    /** null when the call was not counted as a request (a /converse step). */
    rateLimit: z.object({ perMinute: z.number().int(), remaining: z.number().int(), resetAt: z.string() }).nullable(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, _input, caller) {
    if (caller.kind !== 'agent') throw new Error('my_rewards is a signed tool')
    const { key, rateLimit } = caller
    const now = ctx.clock.now()
    const [wallet, earnings, recent] = await Promise.all([
      ctx.storage.wallets.findByOwner(`agent:${key.id}`),
      ctx.storage.agentRewards.earnings(key.id),
      ctx.storage.agentRewards.listSince({ agentKeyId: key.id, since: now - CAP_WINDOWS.weekly }),
    ])
    return {
      agentKeyId: key.id,
      name: key.name,
      tier: key.tier,
      permissions: { canOnboard: key.canOnboard, canManageProgram: key.canManageProgram, brandScope: key.brandScope },
      walletAddress: wallet?.address ?? null,
      earnings: { total: earnings.discovery + earnings.onboarding, ...earnings },
      caps: {
        discovery: capsView(agentRewardCaps(recent, 'discovery', now)),
        onboarding: capsView(agentRewardCaps(recent, 'onboarding', now)),
      },
      rateLimit: rateLimit
        ? {
            perMinute: rateLimit.limit,
            remaining: rateLimit.remaining,
            resetAt: new Date(rateLimit.reset * 1000).toISOString(),
          }
        : null,
    }
  },
})
