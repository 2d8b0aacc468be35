import { type Kysely, type Selectable, sql } from 'kysely'
import type { ClaimHistory } from '../events/evaluate-claim'
import type { ClaimKey, EventStore, ListedRewardEvent, RewardEvent } from '../ports/event-store'
import type { LedgerStatus } from '../ports/ledger-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { RewardEventsTable } from './event-tables'
import { recordActivityRollups } from './record-activity-rollups'

function toEvent(row: Selectable<RewardEventsTable> & { resolved_hash: string | null }): RewardEvent {
  return {
    id: row.id,
    brandId: row.brand_id,
    eventType: row.event_type,
    userKey: row.user_key,
    userEmail: row.user_email,
    walletAddress: row.wallet_address,
    rewardAmount: Number(row.reward_amount),
    source: row.source,
    domain: row.domain,
    channelId: row.channel_id,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    mintJobId: row.mint_job_id,
    transactionHash: row.resolved_hash,
    createdAt: Number(row.created_at),
  }
}

export function createEventStore(db: Kysely<Database>, _dialect: SqlDialect): EventStore {
  return {
    async lockClaimHistory({ brandId, eventType, userKey }) {
      // One statement: the user's counter row, created when absent, returned with the rule's total.
      // The no-op update of a present row takes its row lock on PostgreSQL (as SELECT … FOR UPDATE
      // did) and, after waiting for a concurrent claim, returns the row that claim committed.
      const row = await db
        .insertInto('claim_counters')
        .values({ brand_id: brandId, event_type: eventType, user_key: userKey, claims: 0 })
        .onConflict((oc) =>
          oc
            .columns(['brand_id', 'event_type', 'user_key'])
            .doUpdateSet({ claims: sql<number>`${sql.ref('claim_counters.claims')}` }),
        )
        .returning(['claims', 'last_event_id', 'last_at'])
        .returning((eb) =>
          eb
            .selectFrom('rule_totals')
            .select('total')
            .where('brand_id', '=', brandId)
            .where('event_type', '=', eventType)
            .as('total'),
        )
        .executeTakeFirstOrThrow()
      return toHistory(row, row.total)
    },

    readClaimHistory(key) {
      return readHistory(db, key)
    },

    async recordClaim(event, maxTotalClaims) {
      if (maxTotalClaims !== null && maxTotalClaims < 1) return false
      // One statement: the rule's first claim inserts its total (1), later ones bump it while below the max.
      const bumped = await db
        .insertInto('rule_totals')
        .values({ brand_id: event.brandId, event_type: event.eventType, total: 1 })
        .onConflict((oc) => {
          const bump = oc
            .columns(['brand_id', 'event_type'])
            .doUpdateSet((eb) => ({ total: eb('rule_totals.total', '+', 1) }))
          return maxTotalClaims === null ? bump : bump.where('rule_totals.total', '<', maxTotalClaims)
        })
        .executeTakeFirst()
      if (Number(bumped.numInsertedOrUpdatedRows ?? 0) === 0) return false
      await db
        .insertInto('reward_events')
        .values({
          id: event.id,
          brand_id: event.brandId,
          event_type: event.eventType,
          user_key: event.userKey,
          user_email: event.userEmail,
          wallet_address: event.walletAddress,
          reward_amount: event.rewardAmount,
          source: event.source,
          domain: event.domain,
          channel_id: event.channelId,
          metadata: event.metadata === null ? null : JSON.stringify(event.metadata),
          mint_job_id: event.mintJobId,
          transaction_hash: event.transactionHash,
          created_at: event.createdAt,
        })
        .execute()
      await recordActivityRollups(db, event)
      await db
        .updateTable('claim_counters')
        .set((eb) => ({ claims: eb('claims', '+', 1), last_event_id: event.id, last_at: event.createdAt }))
        .where('brand_id', '=', event.brandId)
        .where('event_type', '=', event.eventType)
        .where('user_key', '=', event.userKey)
        .execute()
      return true
    },

    async setTransactionHash(eventId, transactionHash) {
      await db
        .updateTable('reward_events')
        .set({ transaction_hash: transactionHash })
        .where('id', '=', eventId)
        .execute()
    },

    async get(eventId) {
      const row = await selectEvents(db).where('e.id', '=', eventId).executeTakeFirst()
      return row && toEvent(row)
    },

    async listByMintJob(mintJobId) {
      const rows = await selectEvents(db).where('e.mint_job_id', '=', mintJobId).execute()
      return rows.map(toEvent)
    },

    async listByBrand(q) {
      const limit = Math.max(1, Math.min(1000, Math.floor(q.limit)))
      const before = q.before
      const perMember = q.userKey !== undefined || q.walletAddress !== undefined
      const rows = await selectEvents(db)
        // The event's reward entry: the ledger's unique (source_type, source_id, kind, …) index.
        .leftJoin('ledger_entries as l', (join) =>
          join.on('l.source_type', '=', 'event').onRef('l.source_id', '=', 'e.id').on('l.kind', '=', 'reward'),
        )
        .select('l.status as ledger_status')
        .where('e.brand_id', '=', q.brandId)
        // With a user or a wallet, the type is checked on that member's few rows, not through the
        // type's index (which SQLite's planner would otherwise prefer, reading every event of a popular
        // type): `event_type || ''` is the same value, but no index serves it.
        .$if(q.eventType !== undefined && perMember, (qb) =>
          qb.where(sql<string>`${sql.ref('e.event_type')} || ''`, '=', q.eventType as string),
        )
        .$if(q.eventType !== undefined && !perMember, (qb) => qb.where('e.event_type', '=', q.eventType as string))
        .$if(q.userKey !== undefined, (qb) => qb.where('e.user_key', '=', q.userKey as string))
        .$if(q.walletAddress !== undefined, (qb) => qb.where('e.wallet_address', '=', q.walletAddress as string))
        .$if(q.since !== undefined, (qb) => qb.where('e.created_at', '>=', q.since as number))
        .$if(q.until !== undefined, (qb) => qb.where('e.created_at', '<', q.until as number))
        .$if(before !== undefined, (qb) =>
          qb.where((eb) =>
            eb(eb.refTuple('e.created_at', 'e.id'), '<', eb.tuple(before?.createdAt as number, before?.id as string)),
          ),
        )
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit + 1)
        .execute()
      const events = rows
        .slice(0, limit)
        .map(
          (r): ListedRewardEvent => ({ ...toEvent(r), ledgerStatus: (r.ledger_status as LedgerStatus | null) ?? null }),
        )
      const last = events[events.length - 1]
      return { events, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null }
    },
  }
}

/** A user's counter row of a rule (zeros when it has none) and the rule's total, read without locking. */
async function readHistory(db: Kysely<Database>, { brandId, eventType, userKey }: ClaimKey): Promise<ClaimHistory> {
  const row = await db
    .selectFrom('rule_totals')
    .select('total')
    .where('brand_id', '=', brandId)
    .where('event_type', '=', eventType)
    .executeTakeFirst()
  const counter = await db
    .selectFrom('claim_counters')
    .select(['claims', 'last_event_id', 'last_at'])
    .where('brand_id', '=', brandId)
    .where('event_type', '=', eventType)
    .where('user_key', '=', userKey)
    .executeTakeFirst()
  return toHistory(counter, row?.total)
}

function toHistory(
  counter: { claims: number | string; last_event_id: string | null; last_at: number | string | null } | undefined,
  total: number | string | null | undefined,
): ClaimHistory {
  return {
    userClaims: Number(counter?.claims ?? 0),
    last:
      counter && counter.last_event_id !== null && counter.last_at !== null
        ? { eventId: counter.last_event_id, at: Number(counter.last_at) }
        : undefined,
    totalClaims: Number(total ?? 0),
  }
}

/**
 * Events with their transaction hash: the one recorded on the event, else the hash of its mint job
 * once that job is confirmed (a request that answered `pending` still shows the hash later).
 */
function selectEvents(db: Kysely<Database>) {
  return db
    .selectFrom('reward_events as e')
    .leftJoin('mint_jobs as j', 'j.id', 'e.mint_job_id')
    .selectAll('e')
    .select((eb) =>
      eb.fn
        .coalesce('e.transaction_hash', eb.case().when('j.status', '=', 'confirmed').then(eb.ref('j.tx_hash')).end())
        .as('resolved_hash'),
    )
}
