import type { EngineContext } from '../context'
import { recordRewardEntry } from '../ledger/record-reward-entry'
import { enqueueMint } from '../minting/enqueue-mint'
import type { RewardEvent } from '../ports/event-store'
import type { EventRule } from '../ports/rule-store'
import type { Stores } from '../ports/storage'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { enqueueWebhook } from '../webhooks/enqueue-webhook'
import { maxTotalClaimsRefusal } from './evaluate-claim'
import { EventAlreadyRecordedError } from './event-errors'
import { eventIdForKey } from './event-id-for-key'
import { groupClaim } from './group-claim'
import { judgeEvent } from './judge-event'
import type { ProcessEventParameters } from './process-event-schema'
import { type EventInput, readEventFacts } from './read-event-facts'
import { refusalError } from './refusal-error'
import { resolveEventDomain } from './resolve-event-domain'
import type { AcceptedEvent } from './settle-event'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

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
  /**
   * A key naming this event for good (a bulk import's row): the event's id is derived from the brand
   * and the key (`eventIdForKey`), so an event with this key is recorded at most once. A second
   * attempt is refused with 409 EVENT_ALREADY_RECORDED, judged under the user's claim lock before the
   * rule's checks (the same row sent twice at once waits for the first, then is refused).
   */
  eventKey?: string | undefined
  /**
   * A caller the server authenticated itself, not a brand's page or key (`agent:<keyId>`: an agent
   * API key): recorded as the event's `source`, and the domain is not judged (the event may name
   * none). Every other rule applies (configured and enabled, channel, duplicate, limits, cooldown).
   */
  source?: string | undefined
}

/** An event that passed validation and authorization, ready to be claimed in a transaction. */
export type PreparedEvent = {
  input: EventInput
  rule: EventRule
  /** The event's domain; null for an authenticated source (`AcceptEventOptions.source`) that named none. */
  domain: string | null
  /** The domain is not judged (`AcceptEventOptions.source`). */
  skipDomain: boolean
  /** The caller presented the brand's events-scoped API key. */
  trusted: boolean
  /** The request's `Origin` and the brand's websites: judged again, with the history, under the lock. */
  origin: string | undefined
  websites: readonly string[]
  /** `userIdentifier` naming a wallet address: the reward goes there, no custodial wallet. */
  recipient: string | undefined
  source: string | undefined
}

/**
 * Validation, authorization and the claim transaction (grouped with concurrent claims on SQLite:
 * `groupClaim`), without waiting for the chain.
 */
export async function acceptEvent(
  ctx: EngineContext,
  params: ProcessEventParameters,
  options: AcceptEventOptions = {},
): Promise<AcceptedEvent> {
  const prepared = await prepareEvent(ctx, params, options)
  return groupClaim(ctx.storage, (tx) => claimEvent(ctx, tx, prepared, options))
}

/**
 * Everything that needs no lock (`readEventFacts`), judged by `judgeEvent` without the claim
 * history: the body (400), the brand (404), its domain (403), the caller's key (401/403), the rule
 * (400 when not configured or disabled) and its channels (403). The first refusal is thrown.
 */
export async function prepareEvent(
  ctx: EngineContext,
  params: unknown,
  options: AcceptEventOptions = {},
): Promise<PreparedEvent> {
  const facts = await readEventFacts(ctx, params, options)
  const { input, rule } = facts
  const now = ctx.clock.now()
  const [refusal] = judgeEvent({ ...facts, now })
  if (refusal) throw refusalError(refusal, now)
  const domain = resolveEventDomain({ ...input, origin: options.origin })?.host ?? null
  if (!rule || (domain === null && facts.skipDomain !== true)) {
    throw new Error('judgeEvent accepted an event without a rule or a domain')
  }
  return {
    input,
    rule,
    domain,
    skipDomain: facts.skipDomain === true,
    trusted: facts.trusted,
    origin: facts.origin,
    websites: facts.websites,
    recipient:
      input.userIdentifier && ADDRESS.test(input.userIdentifier) ? input.userIdentifier.toLowerCase() : undefined,
    source: options.source ?? (typeof input.metadata?.source === 'string' ? input.metadata.source : undefined),
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
  const { input, rule, domain, recipient, source } = prepared
  const duplicateWindowMs = options.duplicateWindowMs ?? 60_000
  const key = { brandId: input.brandId, eventType: input.eventType, userKey: input.userEmail }
  const history = await tx.events.lockClaimHistory(key)
  const keyedId = options.eventKey === undefined ? undefined : eventIdForKey(input.brandId, options.eventKey)
  if (keyedId !== undefined && (await tx.events.get(keyedId))) throw new EventAlreadyRecordedError(keyedId)
  // Read the clock once the lock is held: a request that waited for it must not judge (and record)
  // its claim with a time earlier than the claim it waited for.
  const now = ctx.clock.now()
  const [refusal] = judgeEvent({ ...prepared, history, now, duplicateWindowMs })
  if (refusal) throw refusalError(refusal, now)

  const wallet = recipient
    ? { address: recipient, created: false }
    : await getOrCreateWallet(ctx, { kind: 'email', email: input.userEmail }, { stores: tx })
  const eventId = keyedId ?? ctx.ids.uuid()
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
    throw refusalError(maxTotalClaimsRefusal(max, max), now)
  }
  await recordRewardEntry(tx, { event, rule }, ctx)
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
