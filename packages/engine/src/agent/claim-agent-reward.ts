import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { ConflictError } from '../errors/common-errors'
import { RateLimitedError } from '../errors/rate-limited-error'
import { recordLedgerEntry } from '../ledger/record-ledger-entry'
import { enqueueMint } from '../minting/enqueue-mint'
import { waitForMint } from '../minting/wait-for-mint'
import type { AgentRewardType } from '../ports/agent-reward-store'
import { walletOfOwnerKey } from '../wallets/wallet-of-owner-key'
import { AgentForbiddenError } from './agent-forbidden-error'
import type { AgentKeyView } from './agent-key-view'
import {
  AGENT_REWARDS,
  type AgentRewardCaps,
  agentRewardCaps,
  CAP_WINDOWS,
  DISCOVERY_WINDOW_MS,
} from './agent-reward-caps'

export type ClaimAgentRewardInput = { key: AgentKeyView; rewardType: AgentRewardType; brandAddress: string }

export type ClaimAgentRewardResult = {
  claimId: string
  rewardType: AgentRewardType
  brandAddress: string
  amount: number
  walletAddress: string
  /** null while the mint is pending (after `mintWaitMs`). */
  transactionHash: string | null
  status: 'confirmed' | 'pending'
  /** The type's caps after this claim. */
  caps: Omit<AgentRewardCaps, 'nextClaimAt'>
}

const claimed = (rewardType: AgentRewardType, brandAddress: string) =>
  new ConflictError(`The ${rewardType} reward for brand ${brandAddress} was already claimed`, 'AGENT_REWARD_CLAIMED', {
    reason: 'already_claimed',
    rewardType,
    brandAddress,
  })

/**
 * Pays an agent reward (docs/agent-api.md#claim_reward) to the key's custodial wallet (owner
 * `agent:<keyId>`, made on the first claim) through the mint pipeline. onboarding: only the key that
 * onboarded the brand (else 403); discovery: a brand created under 30 days ago (else 400). Each
 * (type, brand) is paid once network-wide (400 `already_claimed`); a key's claims of a type are
 * capped per rolling day and week (429 with the time a slot opens). The claim, its mint job and its
 * pending ledger entry commit together, under the key's lock, so concurrent claims pay exactly once.
 */
export async function claimAgentReward(
  ctx: EngineContext,
  input: ClaimAgentRewardInput,
  options: { mintWaitMs?: number | undefined } = {},
): Promise<ClaimAgentRewardResult> {
  const { key, rewardType } = input
  const brand = await requireBrand(ctx.storage, input.brandAddress)
  const brandAddress = brand.id
  const amount = AGENT_REWARDS[rewardType].amount
  if (rewardType === 'onboarding' && brand.onboardedByAgentKeyId !== key.id) {
    throw new AgentForbiddenError(
      'Only the agent key that onboarded this brand may claim its onboarding reward',
      'permission',
      {
        required: 'onboarded_by_this_key',
        brandAddress,
      },
    )
  }
  const done = await ctx.storage.transaction(async (tx) => {
    await tx.agentRewards.lockKey(key.id)
    const now = ctx.clock.now()
    if (rewardType === 'discovery' && now - brand.createdAt >= DISCOVERY_WINDOW_MS) {
      throw new ConflictError(
        'Only brands created in the last 30 days pay a discovery reward',
        'AGENT_REWARD_NOT_ELIGIBLE',
        {
          reason: 'brand_too_old',
          brandCreatedAt: new Date(brand.createdAt).toISOString(),
        },
      )
    }
    if (await tx.agentRewards.find({ rewardType, brandAddress })) throw claimed(rewardType, brandAddress)
    const recent = await tx.agentRewards.listSince({ agentKeyId: key.id, since: now - CAP_WINDOWS.weekly })
    const before = agentRewardCaps(recent, rewardType, now)
    if (before.nextClaimAt !== null) {
      const retryAfter = Math.max(1, Math.ceil((before.nextClaimAt - now) / 1000))
      const full = before.daily.remaining === 0 ? 'daily' : 'weekly'
      throw new RateLimitedError(
        `The ${full} cap of ${rewardType} rewards (${before[full].limit}) is reached for this agent key`,
        'AGENT_REWARD_CAP',
        { reason: `${full}_cap`, rewardType, limit: before[full].limit, retryAfter },
        { limit: before[full].limit, remaining: 0, reset: Math.ceil(before.nextClaimAt / 1000), retryAfter },
      )
    }
    const wallet = await walletOfOwnerKey(ctx, tx, `agent:${key.id}`)
    const id = ctx.ids.uuid()
    const { jobId } = await enqueueMint(
      tx,
      { idempotencyKey: `agent_reward:${id}`, to: wallet.address, amount, source: 'agent_reward', ref: id },
      ctx,
    )
    await recordLedgerEntry(
      tx,
      {
        kind: 'reward',
        sourceType: 'agent_reward',
        sourceId: id,
        walletAddress: wallet.address,
        userKey: `agent:${key.id}`,
        amount,
        mintJobId: jobId,
        snapshot: { rewardType, brandAddress },
        createdAt: now,
      },
      ctx,
    )
    const claim = {
      id,
      agentKeyId: key.id,
      rewardType,
      brandAddress,
      amount,
      mintJobId: jobId,
      walletAddress: wallet.address,
      createdAt: now,
    }
    if (!(await tx.agentRewards.record(claim))) throw claimed(rewardType, brandAddress)
    const { nextClaimAt: _, ...caps } = agentRewardCaps([...recent, claim], rewardType, now)
    return { claim, caps }
  })
  const mint = await waitForMint(ctx, { jobId: done.claim.mintJobId }, { timeoutMs: options.mintWaitMs ?? 10_000 })
  const confirmed = mint.status === 'confirmed' && mint.txHash !== undefined
  return {
    claimId: done.claim.id,
    rewardType,
    brandAddress,
    amount,
    walletAddress: done.claim.walletAddress,
    transactionHash: confirmed ? (mint.txHash ?? null) : null,
    status: confirmed ? 'confirmed' : 'pending',
    caps: done.caps,
  }
}
