import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { LedgerEntriesTable } from './ledger-tables'
import { standingOf, WEEK_MS } from './standing-summary'

type EntryRow = Pick<
  Insertable<LedgerEntriesTable>,
  'brand_id' | 'wallet_address' | 'kind' | 'amount' | 'status' | 'created_at'
>

/** What the leaderboard counts: a brand's `reward` entries that are not failed. */
export const countsOnLeaderboard = (e: Pick<EntryRow, 'brand_id' | 'kind' | 'status'>) =>
  e.kind === 'reward' && e.status !== 'failed' && e.brand_id !== null && e.brand_id !== undefined

const key = (brand: string, wallet: string) => `${brand} ${wallet}`

/**
 * Merging an added standing (`excluded`) into the row: sums add; the weekly sums follow the later
 * last entry's bucket (the same, the next, or further: what the earlier one held moves to
 * `_before` or out). Integer division on both dialects (bigint columns).
 */
function merged() {
  const kept = sql.raw('leaderboard_standings')
  const week = (table: 'excluded' | 'leaderboard_standings') => sql`(${sql.raw(table)}.last_at / ${sql.lit(WEEK_MS)})`
  const [added, held] = [week('excluded'), week('leaderboard_standings')]
  const weekly = (column: 'week_earned' | 'week_actions') => {
    const [a, ab, h, hb] = [
      sql.raw(`excluded.${column}`),
      sql.raw(`excluded.${column}_before`),
      sql`${kept}.${sql.raw(column)}`,
      sql`${kept}.${sql.raw(`${column}_before`)}`,
    ]
    return {
      [column]: sql<number>`case when ${added} = ${held} then ${h} + ${a} when ${added} > ${held} then ${a} else ${h} end`,
      [`${column}_before`]: sql<number>`case when ${added} = ${held} then ${hb} + ${ab}
        when ${added} = ${held} + 1 then ${ab} + ${h} when ${added} > ${held} then ${ab}
        when ${held} = ${added} + 1 then ${hb} + ${a} else ${hb} end`,
    }
  }
  return {
    earned: sql<number>`${kept}.earned + excluded.earned`,
    actions: sql<number>`${kept}.actions + excluded.actions`,
    ...weekly('week_earned'),
    ...weekly('week_actions'),
    // Last: the cases above read the row's last_at before this assignment (SQL evaluates every
    // expression of a SET on the old row).
    last_at: sql<number>`case when excluded.last_at > ${kept}.last_at then excluded.last_at else ${kept}.last_at end`,
  }
}

/**
 * The leaderboard standings (leaderboard-standings-tables.ts) where the ledger is written, in the
 * writer's transaction. Concurrency (several processes on one PostgreSQL, READ COMMITTED):
 * - `add`: entries start (or again) counting: one upsert of increments for all their (brand,
 *   wallet) rows, in key order (so two writers lock shared rows in one order); increments commute.
 * - `refresh`: entries stopped counting (a mint batch failed): per (brand, wallet), in key order,
 *   lock the row (`for update`, waiting for a writer that holds it to commit), then recompute it
 *   from the ledger in a new statement, whose snapshot sees every entry committed before the lock
 *   was granted; a writer after it waits for the lock and adds its increment to the recomputed row.
 *   SQLite runs one writer at a time.
 */
export function ledgerStandings(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    async add(entries: readonly EntryRow[]): Promise<void> {
      const groups = new Map<
        string,
        { brand_id: string; wallet_address: string; entries: { amount: number; created_at: number }[] }
      >()
      for (const e of entries) {
        if (!countsOnLeaderboard(e)) continue
        const brand = e.brand_id as string
        const k = key(brand, e.wallet_address)
        const g = groups.get(k) ?? { brand_id: brand, wallet_address: e.wallet_address, entries: [] }
        g.entries.push({ amount: Number(e.amount), created_at: Number(e.created_at) })
        groups.set(k, g)
      }
      if (groups.size === 0) return
      const values = [...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, g]) => ({ brand_id: g.brand_id, wallet_address: g.wallet_address, ...standingOf(g.entries) }))
      await db
        .insertInto('leaderboard_standings')
        .values(values)
        .onConflict((oc) => oc.columns(['brand_id', 'wallet_address']).doUpdateSet(merged()))
        .execute()
    },

    async refresh(pairs: readonly { brand_id: string | null; wallet_address: string }[]): Promise<void> {
      const unique = new Map<string, { brand: string; wallet: string }>()
      for (const p of pairs)
        if (p.brand_id !== null)
          unique.set(key(p.brand_id, p.wallet_address), { brand: p.brand_id, wallet: p.wallet_address })
      for (const [, { brand, wallet }] of [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const row = db
          .selectFrom('leaderboard_standings')
          .select('brand_id')
          .where('brand_id', '=', brand)
          .where('wallet_address', '=', wallet)
        if (dialect === 'postgres') await row.forUpdate().execute()
        const counted = await db
          .selectFrom('ledger_entries')
          .select(['amount', 'created_at'])
          .where('brand_id', '=', brand)
          .where('wallet_address', '=', wallet)
          .where('kind', '=', 'reward')
          .where('status', '<>', 'failed')
          .execute()
        if (counted.length === 0) {
          await db
            .deleteFrom('leaderboard_standings')
            .where('brand_id', '=', brand)
            .where('wallet_address', '=', wallet)
            .execute()
          continue
        }
        const values = standingOf(counted)
        await db
          .insertInto('leaderboard_standings')
          .values({ brand_id: brand, wallet_address: wallet, ...values })
          .onConflict((oc) => oc.columns(['brand_id', 'wallet_address']).doUpdateSet(values))
          .execute()
      }
    },
  }
}
