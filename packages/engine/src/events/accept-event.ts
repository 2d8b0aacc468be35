import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { enqueueMint } from '../minting/enqueue-mint'
import type { RewardEvent } from '../ports/event-store'
import type { EventRule } from '../ports/rule-store'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { enqueueWebhook } from '../webhooks/enqueue-webhook'
import { authorizeEventDomain } from './authorize-event-domain'
import { claimRefusal } from './claim-refusal'
import { evaluateClaim } from './evaluate-claim'
import { ChannelNotAllowedError, EventTypeNotConfiguredError } from './event-errors'
import { isTrustedCaller } from './is-trusted-caller'
import { type ManualEventInput, manualEventSchema } from './manual-event-schema'
import type { ProcessEventOptions } from './process-event'
import type { AcceptedEvent } from './settle-event'
import { stripControlCharacters } from './strip-control-characters'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Validation, authorization and the claim transaction, without waiting for the chain. */
export async function acceptEvent(
  ctx: EngineContext,
  body: unknown,
  options: ProcessEventOptions = {},
): Promise<AcceptedEvent> {
  const input = parseInput(manualEventSchema, stripControlCharacters(body), 'Validation failed')
  const brand = await ctx.storage.brands.get(input.brandId)
  if (!brand) throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brandId: input.brandId })
  const domain = authorizeEventDomain(input, options.origin, brand.websites)
  const trusted = options.apiKey === undefined ? false : await isTrustedCaller(ctx, options.apiKey, input.brandId)

  const rule = await ctx.storage.rules.get(input.brandId, input.eventType)
  if (!rule?.enabled) throw new EventTypeNotConfiguredError(input.eventType)
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
      // Internal sources bypass cooldown and per-user limits only for callers holding the brand's key.
      source: trusted ? source : undefined,
      skipCooldown: input.metadata?.skip_cooldown === true,
      duplicateWindowMs,
    })
    if (!decision.ok) throw claimRefusal(decision, rule, now, duplicateWindowMs)

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
      throw claimRefusal(
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
    await enqueueWebhook(
      tx,
      { ...event, eventId, userId: event.userKey, email: event.userEmail, tokenAmount: event.rewardAmount },
      ctx,
    )
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
