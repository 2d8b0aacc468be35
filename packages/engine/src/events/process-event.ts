import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { enqueueMint } from '../minting/enqueue-mint'
import { waitForMint } from '../minting/wait-for-mint'
import type { RewardEvent } from '../ports/event-store'
import type { EventRule } from '../ports/rule-store'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { authorizeEventDomain } from './authorize-event-domain'
import { type ClaimDecision, evaluateClaim } from './evaluate-claim'
import {
  ChannelNotAllowedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
  RateLimitedError,
} from './event-errors'
import { type ManualEventInput, manualEventSchema } from './manual-event-schema'
import { stripControlCharacters } from './strip-control-characters'

export type ProcessEventOptions = {
  /** The request's `Origin` header, when there is one. */
  origin?: string | undefined
  /** Same event type + user inside this window → 409. Default 60 s. */
  duplicateWindowMs?: number
  /** How long to wait for the mint's transaction hash before answering `pending`. Default 10 s. */
  mintWaitMs?: number
}

export type ProcessEventReturnType = {
  eventId: string
  eventType: string
  rewardAmount: number
  walletAddress: string
  walletCreated: boolean
  /** The mint's transaction hash; null while it is still pending. */
  transactionHash: string | null
  status: 'confirmed' | 'pending'
  mintJobId: string | null
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Judges one customer event against the brand's rule and, when accepted, records it and its mint job
 * in one transaction (checks and writes together, so concurrent identical requests cannot both pass),
 * then waits (bounded) for the mint's transaction hash.
 */
export async function processEvent(
  ctx: EngineContext,
  body: unknown,
  options: ProcessEventOptions = {},
): Promise<ProcessEventReturnType> {
  const accepted = await acceptEvent(ctx, body, options)
  if (accepted.mintJobId === null) return { ...accepted, transactionHash: null, status: 'confirmed' }
  const mint = await waitForMint(ctx, accepted.mintJobId, { timeoutMs: options.mintWaitMs ?? 10_000 })
  if (mint.status === 'confirmed' && mint.txHash) {
    await ctx.storage.events.setTransactionHash(accepted.eventId, mint.txHash)
    return { ...accepted, transactionHash: mint.txHash, status: 'confirmed' }
  }
  return { ...accepted, transactionHash: null, status: 'pending' }
}

/** Validation, authorization and the claim transaction, without waiting for the chain. */
export async function acceptEvent(
  ctx: EngineContext,
  body: unknown,
  options: ProcessEventOptions = {},
): Promise<Omit<ProcessEventReturnType, 'transactionHash' | 'status'>> {
  const input = parseInput(manualEventSchema, stripControlCharacters(body), 'Validation failed')
  const brand = await ctx.storage.brands.get(input.brandId)
  if (!brand) throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brandId: input.brandId })
  const domain = authorizeEventDomain(input, options.origin, brand.websites)

  const rule = await ctx.storage.rules.get(input.brandId, input.eventType)
  if (!rule || !rule.enabled) throw new EventTypeNotConfiguredError(input.eventType)
  checkChannel(rule, input.channel_id)

  const source = typeof input.metadata?.source === 'string' ? input.metadata.source : undefined
  const recipient =
    input.userIdentifier && ADDRESS.test(input.userIdentifier) ? input.userIdentifier.toLowerCase() : undefined
  const duplicateWindowMs = options.duplicateWindowMs ?? 60_000

  return ctx.storage.transaction(async (tx) => {
    const now = ctx.clock.now()
    const key = { brandId: input.brandId, eventType: input.eventType, userKey: input.userEmail }
    const history = await tx.events.lockClaimHistory(key)
    const decision = evaluateClaim(rule, history, {
      now,
      source,
      skipCooldown: input.metadata?.skip_cooldown === true,
      duplicateWindowMs,
    })
    if (!decision.ok) throw refusal(decision, rule, now, duplicateWindowMs)

    const wallet = recipient
      ? { address: recipient, created: false }
      : await getOrCreateWallet(ctx, { kind: 'email', email: input.userEmail }, { stores: tx })
    const eventId = ctx.ids.uuid()
    const mintJobId =
      rule.rewardAmount > 0
        ? (
            await enqueueMint(
              tx,
              {
                idempotencyKey: `event:${eventId}`,
                to: wallet.address,
                amount: rule.rewardAmount,
                source: 'event',
                ref: eventId,
                brandId: input.brandId,
              },
              { clock: ctx.clock, ids: ctx.ids },
            )
          ).jobId
        : null
    const event: RewardEvent = {
      id: eventId,
      brandId: input.brandId,
      eventType: input.eventType,
      userKey: input.userEmail,
      userEmail: input.userEmail,
      walletAddress: wallet.address,
      rewardAmount: rule.rewardAmount,
      source: source ?? null,
      domain,
      channelId: input.channel_id ?? null,
      metadata: (input.metadata as Record<string, unknown> | undefined) ?? null,
      mintJobId,
      transactionHash: null,
      createdAt: now,
    }
    const recorded = await tx.events.recordClaim(event, rule.maxTotalClaims)
    if (!recorded) {
      throw refusal(
        {
          ok: false,
          reason: 'max_total_claims_reached',
          totalClaims: rule.maxTotalClaims ?? 0,
          maxTotalClaims: rule.maxTotalClaims ?? 0,
        },
        rule,
        now,
        duplicateWindowMs,
      )
    }
    return {
      eventId,
      eventType: input.eventType,
      rewardAmount: rule.rewardAmount,
      walletAddress: wallet.address,
      walletCreated: wallet.created,
      mintJobId,
    }
  })
}

function checkChannel(rule: EventRule, channel: ManualEventInput['channel_id']): void {
  const allowed = rule.detectionConfig.channels ?? []
  if (channel === undefined || allowed.length === 0) return
  const wanted = channel.replace(/^#/, '').toLowerCase()
  if (!allowed.some((c) => c.replace(/^#/, '').toLowerCase() === wanted))
    throw new ChannelNotAllowedError(channel, allowed)
}

function refusal(
  decision: Exclude<ClaimDecision, { ok: true }>,
  rule: EventRule,
  now: number,
  windowMs: number,
): Error {
  const nowSeconds = Math.floor(now / 1000)
  switch (decision.reason) {
    case 'duplicate':
      return new DuplicateEventError(decision.existingEventId, Math.round(windowMs / 1000))
    case 'cooldown':
      return new RateLimitedError(
        'Cooldown active',
        'COOLDOWN_ACTIVE',
        {
          message: `This reward was already earned; try again in ${decision.cooldownSeconds} seconds`,
          reason: 'cooldown',
          cooldownSeconds: decision.cooldownSeconds,
          previousReward: decision.previousReward,
        },
        { limit: 1, remaining: 0, reset: nowSeconds + decision.cooldownSeconds, retryAfter: decision.cooldownSeconds },
      )
    case 'max_claims_reached':
      return new RateLimitedError(
        'Max claims reached',
        'MAX_CLAIMS_REACHED',
        {
          message: `This user has claimed this reward ${decision.totalClaims} of ${decision.maxClaims} times`,
          reason: 'max_claims_reached',
          totalClaims: decision.totalClaims,
          maxClaims: decision.maxClaims,
        },
        // No reset: a per-user maximum never resets. Clients see a day as the earliest sensible retry.
        { limit: rule.maxClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
    case 'max_total_claims_reached':
      return new RateLimitedError(
        'Max total claims reached',
        'MAX_TOTAL_CLAIMS_REACHED',
        {
          message: `This reward has reached its global limit of ${decision.maxTotalClaims} claims`,
          reason: 'max_total_claims_reached',
          totalClaims: decision.totalClaims,
          maxTotalClaims: decision.maxTotalClaims,
        },
        { limit: decision.maxTotalClaims, remaining: 0, reset: nowSeconds + 86_400, retryAfter: 86_400 },
      )
  }
}
