import type { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { enqueueMint } from '../minting/enqueue-mint'
import type { RewardEvent } from '../ports/event-store'
import type { EventRule } from '../ports/rule-store'
import type { Stores } from '../ports/storage'
import { stripControlCharacters } from '../text/strip-control-characters'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { enqueueWebhook } from '../webhooks/enqueue-webhook'
import { authorizeEventDomain } from './authorize-event-domain'
import { claimRefusal } from './claim-refusal'
import { evaluateClaim } from './evaluate-claim'
import { ChannelNotAllowedError, EventTypeNotConfiguredError } from './event-errors'
import { isTrustedCaller } from './is-trusted-caller'
import { type ProcessEventParameters, processEventParametersSchema } from './process-event-schema'
import type { AcceptedEvent } from './settle-event'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

type EventInput = z.output<typeof processEventParametersSchema>

/** How an event is judged besides its body: who sent it and the duplicate window. */
export type AcceptEventOptions = {
  /** The request's `Origin` header, when there is one. */
  origin?: string | undefined
  /** Same event type + user inside this window → 409. Default 60 s. */
  duplicateWindowMs?: number
  /**
   * The bearer API key the request presented, if any. A valid key of the event's brand with the
   * `events` scope makes the caller trusted: only then do internal sources (`metadata.source` of
   * chat_manual_reward, voice_claim, gateway_event) bypass cooldown and per-user limits. An invalid
   * key is refused (401).
   */
  apiKey?: string | undefined
}

/** An event that passed validation and authorization, ready to be claimed in a transaction. */
export type PreparedEvent = {
  input: EventInput
  rule: EventRule
  domain: string
  /** The caller presented the brand's events-scoped API key. */
  trusted: boolean
  /** `userIdentifier` naming a wallet address: the reward goes there, no custodial wallet. */
  recipient: string | undefined
  source: string | undefined
}

/** Validation, authorization and the claim transaction, without waiting for the chain. */
export async function acceptEvent(
  ctx: EngineContext,
  params: ProcessEventParameters,
  options: AcceptEventOptions = {},
): Promise<AcceptedEvent> {
  const prepared = await prepareEvent(ctx, params, options)
  return ctx.storage.transaction((tx) => claimEvent(ctx, tx, prepared, options))
}

/**
 * Everything that needs no lock: input validation (control characters stripped first), the brand
 * (404), its domain (403), the caller's key, the rule (400 when not configured) and its channels.
 * `params` is validated here: a bulk item arrives unchecked.
 */
export async function prepareEvent(
  ctx: EngineContext,
  params: unknown,
  options: AcceptEventOptions = {},
): Promise<PreparedEvent> {
  const input = parseInput(processEventParametersSchema, stripControlCharacters(params), 'Validation failed')
  const brand = await ctx.storage.brands.get(input.brandId)
  if (!brand) throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brandId: input.brandId })
  const domain = authorizeEventDomain(input, options.origin, brand.websites)
  const trusted = options.apiKey === undefined ? false : await isTrustedCaller(ctx, options.apiKey, input.brandId)

  const rule = await ctx.storage.rules.get(input.brandId, input.eventType)
  if (!rule?.enabled) throw new EventTypeNotConfiguredError(input.eventType)
  checkChannel(rule, input.channel_id)

  return {
    input,
    rule,
    domain,
    trusted,
    recipient:
      input.userIdentifier && ADDRESS.test(input.userIdentifier) ? input.userIdentifier.toLowerCase() : undefined,
    source: typeof input.metadata?.source === 'string' ? input.metadata.source : undefined,
  }
}

/**
 * The claim, inside the caller's transaction `tx`: lock the user's history, judge it, and record the
 * event with its wallet, mint job and webhook delivery — or throw the refusal and write nothing.
 */
export async function claimEvent(
  ctx: EngineContext,
  tx: Stores,
  prepared: PreparedEvent,
  options: AcceptEventOptions = {},
): Promise<AcceptedEvent> {
  const { input, rule, domain, trusted, recipient, source } = prepared
  const duplicateWindowMs = options.duplicateWindowMs ?? 60_000
  const key = { brandId: input.brandId, eventType: input.eventType, userKey: input.userEmail }
  const history = await tx.events.lockClaimHistory(key)
  // Read the clock once the lock is held: a request that waited for it must not judge (and record)
  // its claim with a time earlier than the claim it waited for.
  const now = ctx.clock.now()
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
    const max = rule.maxTotalClaims ?? 0
    throw claimRefusal(
      { ok: false, reason: 'max_total_claims_reached', totalClaims: max, maxTotalClaims: max },
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
}

function checkChannel(rule: EventRule, channel: EventInput['channel_id']): void {
  const allowed = rule.detectionConfig.channels ?? []
  if (channel === undefined || allowed.length === 0) return
  const wanted = channel.replace(/^#/, '').toLowerCase()
  if (!allowed.some((c) => c.replace(/^#/, '').toLowerCase() === wanted))
    throw new ChannelNotAllowedError(channel, allowed)
}
