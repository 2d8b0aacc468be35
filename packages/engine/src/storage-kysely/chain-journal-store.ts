import type { Kysely, Selectable } from 'kysely'
import { ConflictError } from '../errors/common-errors'
import type { ChainJournalEntry, ChainJournalStore } from '../ports/chain-journal-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { ChainJournalTable } from './minting-tables'
import { numberOrNull } from './number-or-null'

function toEntry(row: Selectable<ChainJournalTable>): ChainJournalEntry {
  return {
    chainKey: row.chain_key,
    seq: Number(row.seq),
    method: row.method,
    params: row.params,
    txHash: row.tx_hash,
    blockNumber: numberOrNull(row.block_number),
    blockTimestamp: numberOrNull(row.block_timestamp),
    stateRoot: row.state_root,
    createdAt: Number(row.created_at),
  }
}

export function createChainJournalStore(db: Kysely<Database>, _dialect: SqlDialect): ChainJournalStore {
  return {
    async append(entry) {
      const inserted = await db
        .insertInto('chain_journal')
        .values({
          chain_key: entry.chainKey,
          seq: entry.seq,
          method: entry.method,
          params: entry.params,
          tx_hash: entry.txHash,
          block_number: entry.blockNumber,
          block_timestamp: entry.blockTimestamp,
          state_root: entry.stateRoot,
          created_at: entry.createdAt,
        })
        .onConflict((oc) => oc.columns(['chain_key', 'seq']).doNothing())
        .returning('seq')
        .executeTakeFirst()
      if (!inserted) {
        throw new ConflictError(
          `chain journal ${entry.chainKey} already has entry ${entry.seq}: is another process running the embedded chain?`,
          'CHAIN_JOURNAL_CONFLICT',
          { chainKey: entry.chainKey, seq: entry.seq },
        )
      }
    },

    async list({ chainKey, afterSeq, limit }) {
      const rows = await db
        .selectFrom('chain_journal')
        .selectAll()
        .where('chain_key', '=', chainKey)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute()
      return rows.map(toEntry)
    },

    async last(chainKey) {
      const row = await db
        .selectFrom('chain_journal')
        .selectAll()
        .where('chain_key', '=', chainKey)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row && toEntry(row)
    },

    async count(chainKey) {
      const row = await db
        .selectFrom('chain_journal')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('chain_key', '=', chainKey)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
