import type { ExpressionBuilder, Kysely } from 'kysely'
import type { RewardEvent } from '../ports/event-store'
import type { Database } from './database'

/** The shortest gap kept, and so the shortest window of the past `activity_gaps` serves (7 days). */
export const GAP_MS = 604_800_000

/**
 * Keeps `activity_gaps` (activity-rollup-tables.ts) for a just-recorded reward event, in the claim's
 * transaction, after the wallet's `activity_wallets` upsert: on PostgreSQL that row lock is held to
 * the commit, so a concurrent claim of the same wallet probes after this one committed (READ
 * COMMITTED) and sees its event; SQLite runs one writer at a time. One probe (the wallet's other
 * events just before and after), then at most one insert for an event after the others (the usual
 * case), or, for an event recorded out of time order, the gap it splits replaced by its two halves.
 */
export async function recordActivityGap(db: Kysely<Database>, event: RewardEvent): Promise<void> {
  const wallet = event.walletAddress
  const at = event.createdAt
  const other = (eb: ExpressionBuilder<Database, never>) =>
    eb.selectFrom('reward_events').where('wallet_address', '=', wallet).where('id', '<>', event.id)
  const near = await db
    .selectNoFrom((eb) => [
      other(eb)
        .where('created_at', '<=', at)
        .select((e) => e.fn.max<number | string | null>('created_at').as('t'))
        .as('before'),
      other(eb)
        .where('created_at', '>=', at)
        .select((e) => e.fn.min<number | string | null>('created_at').as('t'))
        .as('after'),
    ])
    .executeTakeFirstOrThrow()
  const before = near.before === null ? null : Number(near.before)
  const after = near.after === null ? null : Number(near.after)
  if (before !== null && after !== null)
    await db.deleteFrom('activity_gaps').where('wallet_address', '=', wallet).where('gap_start', '=', before).execute()
  const gaps = [
    ...(before !== null && at - before >= GAP_MS ? [{ wallet_address: wallet, gap_start: before, gap_end: at }] : []),
    ...(after !== null && after - at >= GAP_MS ? [{ wallet_address: wallet, gap_start: at, gap_end: after }] : []),
  ]
  if (gaps.length > 0)
    await db
      .insertInto('activity_gaps')
      .values(gaps)
      .onConflict((oc) => oc.columns(['wallet_address', 'gap_start']).doNothing())
      .execute()
}
