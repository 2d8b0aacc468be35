import type { z } from 'zod'
import { authorizeBrandReader, type BrandReaderOptions } from '../brands/authorize-brand-reader'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { ListedRewardEvent } from '../ports/event-store'
import { toCursorList } from '../schemas/cursor-list'
import {
  type ListEventsParameters,
  listEventsParametersSchema,
  type listEventsResponseSchema,
  type rewardEventSchema,
} from './list-events-schema'

export type ListEventsOptions = BrandReaderOptions

export type RewardEventWire = z.output<typeof rewardEventSchema>
export type ListEventsReturnType = z.output<typeof listEventsResponseSchema>

function toWire(e: ListedRewardEvent): RewardEventWire {
  // The ledger's status when the event has a reward entry; otherwise it minted nothing (confirmed),
  // or it predates the ledger (its mint's hash says whether it is on chain).
  const status = e.ledgerStatus ?? (e.mintJobId === null || e.transactionHash !== null ? 'confirmed' : 'pending')
  return {
    id: e.id,
    eventType: e.eventType,
    userEmail: e.userEmail,
    walletAddress: e.walletAddress,
    rewardAmount: e.rewardAmount,
    status,
    transactionHash: status === 'confirmed' ? e.transactionHash : null,
    domain: e.domain,
    source: e.source,
    channelId: e.channelId,
    metadata: e.metadata,
    createdAt: new Date(e.createdAt).toISOString(),
  }
}

/**
 * The caller's brand's reward events, newest first, filtered by type, user (an email, or the wallet
 * the rewards went to) and time [since, until), one page at a time (keyset on (createdAt, id); each
 * filter combination served by an index: EventStore.listByBrand). The brand is the API key's
 * (`authorizeBrandReader`, checked before the query). docs/api/list-events.md.
 */
export async function listEvents(
  ctx: EngineContext,
  params: ListEventsParameters = {},
  options: ListEventsOptions = {},
): Promise<ListEventsReturnType> {
  const brandId = await authorizeBrandReader(ctx, options, (params as { brandId?: unknown } | undefined)?.brandId)
  const p = parseInput(listEventsParametersSchema, params, 'Invalid events query')
  const page = await ctx.storage.events.listByBrand({
    brandId,
    eventType: p.type,
    userKey: p.user?.kind === 'email' ? p.user.email : undefined,
    walletAddress: p.user?.kind === 'address' ? p.user.address : undefined,
    since: p.since,
    until: p.until,
    before: p.cursor,
    limit: p.limit,
  })
  return toCursorList(page.events.map(toWire), page.next)
}
