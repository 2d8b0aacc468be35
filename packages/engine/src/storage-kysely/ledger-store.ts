import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely'
import type { LedgerCursor, LedgerPage, LedgerStore } from '../ports/ledger-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { ledgerLimit, toLedgerEntry, toLedgerEntryRow } from './ledger-entry-row'
import { selectLedgerLeaderboard } from './ledger-leaderboard'
import { selectMemberTotals } from './ledger-member-totals'
import { createLedgerReconcileMethods } from './ledger-reconcile-methods'
import { countsOnLeaderboard, ledgerStandings } from './ledger-standings'
import type { LedgerEntriesTable } from './ledger-tables'

/** Rows per multi-row INSERT (19 parameters each: well under both dialects' bind limits). */
const ROWS_PER_INSERT = 500

/** Newest first, keyset on (created_at, id). */
function page(rows: Selectable<LedgerEntriesTable>[], limit: number): LedgerPage {
  const entries = rows.slice(0, limit).map(toLedgerEntry)
  const last = entries[entries.length - 1]
  return { entries, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null }
}

function before(eb: ExpressionBuilder<Database, 'ledger_entries'>, cursor: LedgerCursor) {
  return eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id))
}

export function createLedgerStore(db: Kysely<Database>, dialect: SqlDialect): LedgerStore {
  const standings = ledgerStandings(db, dialect)
  /** Inserts the rows not recorded yet and keeps the leaderboard standings; answers how many were inserted. */
  const insert = async (rows: Insertable<LedgerEntriesTable>[]) => {
    const q = db
      .insertInto('ledger_entries')
      .values(rows)
      .onConflict((oc) => oc.columns(['source_type', 'source_id', 'kind', 'wallet_address']).doNothing())
    if (!rows.some(countsOnLeaderboard)) return Number((await q.executeTakeFirst()).numInsertedOrUpdatedRows ?? 0n)
    const inserted = new Set((await q.returning('id').execute()).map((r) => r.id))
    await standings.add(rows.filter((r) => inserted.has(r.id)))
    return inserted.size
  }

  /** Every entry `filter` accepts, in `orderFirst` order (oldest first by default), then by id. */
  const listWhere = async (
    filter: (eb: ExpressionBuilder<Database, 'ledger_entries'>) => Expression<SqlBool>,
    orderFirst: 'created_at' | 'log_index' = 'created_at',
  ) => {
    const rows = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where(filter)
      .orderBy(orderFirst)
      .orderBy('id')
      .execute()
    return rows.map(toLedgerEntry)
  }

  return {
    async record(entry) {
      return (await insert([toLedgerEntryRow(entry)])) > 0
    },

    async recordMany(entries) {
      let inserted = 0
      for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
        inserted += await insert(entries.slice(i, i + ROWS_PER_INSERT).map(toLedgerEntryRow))
      }
      return inserted
    },

    async settleMintBatch({ batchId, status, txHash, blockNumber, jobs, now }) {
      if (jobs.length === 0) return 0
      // The log index of each job's Transfer: a CASE over the job ids (integers inlined, so both
      // dialects type the column as integer; at most a few hundred jobs per batch).
      const indexed = jobs.filter((j) => j.logIndex !== null && status === 'confirmed')
      const logIndex =
        indexed.length === 0
          ? sql<number | null>`null`
          : sql<number | null>`case ${sql.join(
              indexed.map(
                (j) => sql`when mint_job_id = ${j.mintJobId} then ${sql.lit(Math.trunc(j.logIndex as number))}`,
              ),
              sql` `,
            )} else null end`
      const settle = (from: 'pending' | 'failed') =>
        db
          .updateTable('ledger_entries')
          .set({
            status,
            batch_id: batchId,
            // A reverted simulation (no transaction) keeps the reverted transaction seen before, if any.
            ...(txHash === null && status === 'failed' ? {} : { tx_hash: txHash, block_number: blockNumber }),
            confirmed_at: status === 'confirmed' ? now : null,
            log_index: logIndex,
          })
          .where(
            'mint_job_id',
            'in',
            jobs.map((j) => j.mintJobId),
          )
          .where('status', '=', from)
      // A confirmed entry never changes. The entries that enter or leave the leaderboard (failed →
      // confirmed, pending → failed) come back to update the standings; the others keep counting
      // (pending → confirmed) or not (failed → failed).
      // (in this order: the first leaves nothing the second selects).
      const stayed = await settle(status === 'failed' ? 'failed' : 'pending').executeTakeFirst()
      const moved = await settle(status === 'failed' ? 'pending' : 'failed')
        .returning(['brand_id', 'wallet_address', 'kind', 'amount', 'status', 'created_at'])
        .execute()
      const rewards = moved.filter((e) => e.kind === 'reward')
      if (status === 'confirmed') await standings.add(rewards)
      else await standings.refresh(rewards)
      return moved.length + Number(stayed.numUpdatedRows)
    },

    async get(id) {
      const row = await db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toLedgerEntry(row)
    },

    listBySource: ({ sourceType, sourceId }) =>
      listWhere((eb) => eb.and([eb('source_type', '=', sourceType), eb('source_id', '=', sourceId)])),

    listByMintJob: (mintJobId) => listWhere((eb) => eb('mint_job_id', '=', mintJobId)),

    listByTxHash: (txHash) => listWhere((eb) => eb('tx_hash', '=', txHash.toLowerCase()), 'log_index'),

    async listByWallet(p) {
      const limit = ledgerLimit(p.limit)
      const rows = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('wallet_address', '=', p.walletAddress.toLowerCase())
        .$if(p.brandId !== undefined, (q) => q.where('brand_id', '=', (p.brandId as string).toLowerCase()))
        .$if(p.kinds !== undefined, (q) => q.where('kind', 'in', p.kinds?.length ? [...(p.kinds ?? [])] : ['']))
        .$if(p.before !== undefined, (q) => q.where((eb) => before(eb, p.before as LedgerCursor)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute()
      return page(rows, limit)
    },

    async listByBrand(p) {
      const limit = ledgerLimit(p.limit)
      const rows = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('brand_id', '=', p.brandId.toLowerCase())
        .$if(p.kinds !== undefined, (q) => q.where('kind', 'in', p.kinds?.length ? [...(p.kinds ?? [])] : ['']))
        .$if(p.since !== undefined, (q) => q.where('created_at', '>=', p.since as number))
        .$if(p.until !== undefined, (q) => q.where('created_at', '<', p.until as number))
        .$if(p.before !== undefined, (q) => q.where((eb) => before(eb, p.before as LedgerCursor)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute()
      return page(rows, limit)
    },

    memberTotals: (p) => selectMemberTotals(db, p),
    leaderboard: (p) => selectLedgerLeaderboard(db, p),

    ...createLedgerReconcileMethods(db),
  }
}
