import type { Kysely, Selectable } from 'kysely'
import type { RelayStore, RelayTxKind, RelayTxRecord, RelayTxStatus } from '../ports/relay-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { RelayTransactionsTable } from './relay-tables'

function toRecord(row: Selectable<RelayTransactionsTable>): RelayTxRecord {
  return {
    txHash: row.tx_hash,
    chainId: Number(row.chain_id),
    signer: row.signer,
    nonce: Number(row.nonce),
    raw: row.raw,
    kind: row.kind as RelayTxKind,
    to: row.to_address,
    functionName: row.function_name,
    userAddress: row.user_address,
    brandId: row.brand_id,
    gasLimit: row.gas_limit,
    maxFeePerGas: row.max_fee_per_gas,
    maxPriorityFeePerGas: row.max_priority_fee_per_gas,
    status: row.status as RelayTxStatus,
    gasUsed: row.gas_used,
    effectiveGasPrice: row.effective_gas_price,
    blockNumber: row.block_number === null ? null : Number(row.block_number),
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

export function createRelayStore(db: Kysely<Database>, _dialect: SqlDialect): RelayStore {
  return {
    async recordTransactions(records) {
      if (records.length === 0) return
      const live = await db
        .selectFrom('relay_transactions')
        .select('tx_hash')
        .where(
          'tx_hash',
          'in',
          records.map((r) => r.txHash),
        )
        .where('status', '<>', 'dropped')
        .executeTakeFirst()
      if (live) throw new Error(`recordTransactions: ${live.tx_hash} is already stored and not dropped`)
      // One statement for the whole group (a few hundred parameters at most).
      const result = await db
        .insertInto('relay_transactions')
        .values(
          records.map((r) => ({
            tx_hash: r.txHash,
            chain_id: r.chainId,
            signer: r.signer.toLowerCase(),
            nonce: r.nonce,
            raw: r.raw,
            kind: r.kind,
            to_address: r.to.toLowerCase(),
            function_name: r.functionName,
            user_address: r.userAddress?.toLowerCase() ?? null,
            brand_id: r.brandId,
            gas_limit: r.gasLimit,
            max_fee_per_gas: r.maxFeePerGas,
            max_priority_fee_per_gas: r.maxPriorityFeePerGas,
            status: r.status,
            gas_used: r.gasUsed,
            effective_gas_price: r.effectiveGasPrice,
            block_number: r.blockNumber,
            error: r.error,
            created_at: r.createdAt,
            updated_at: r.updatedAt,
          })),
        )
        // A dropped transaction signed again identically (same nonce, call and fees: same hash) is
        // the same transaction: it is stored again. A live one with that hash is a conflict.
        .onConflict((oc) =>
          oc
            .column('tx_hash')
            .doUpdateSet((eb) => ({
              status: eb.ref('excluded.status'),
              kind: eb.ref('excluded.kind'),
              function_name: eb.ref('excluded.function_name'),
              user_address: eb.ref('excluded.user_address'),
              brand_id: eb.ref('excluded.brand_id'),
              gas_used: null,
              effective_gas_price: null,
              block_number: null,
              error: null,
              created_at: eb.ref('excluded.created_at'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where('relay_transactions.status', '=', 'dropped'),
        )
        .executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) !== records.length) {
        throw new Error('recordTransactions: a transaction of the group was stored meanwhile and is not dropped')
      }
    },

    async getTransaction(txHash) {
      const row = await db.selectFrom('relay_transactions').selectAll().where('tx_hash', '=', txHash).executeTakeFirst()
      return row && toRecord(row)
    },

    async markSent({ txHashes, now }) {
      if (txHashes.length === 0) return
      await db
        .updateTable('relay_transactions')
        .set({ status: 'sent', updated_at: now })
        .where('tx_hash', 'in', txHashes)
        .where('status', '=', 'signed')
        .execute()
    },

    async dropTransaction({ txHash, error, now }) {
      await db
        .updateTable('relay_transactions')
        .set({ status: 'dropped', error: error.slice(0, 2000), updated_at: now })
        .where('tx_hash', '=', txHash)
        .where('status', 'in', ['signed', 'sent'])
        .execute()
    },

    async settleTransaction({ txHash, status, gasUsed, effectiveGasPrice, blockNumber, now }) {
      const result = await db
        .updateTable('relay_transactions')
        .set({
          status,
          gas_used: gasUsed,
          effective_gas_price: effectiveGasPrice,
          block_number: blockNumber,
          updated_at: now,
        })
        .where('tx_hash', '=', txHash)
        .where('status', 'in', ['signed', 'sent'])
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    async listByNonce({ chainId, signer, nonce }) {
      const rows = await db
        .selectFrom('relay_transactions')
        .selectAll()
        .where('chain_id', '=', chainId)
        .where('signer', '=', signer.toLowerCase())
        .where('nonce', '=', nonce)
        .orderBy('created_at')
        .execute()
      return rows.map(toRecord)
    },

    async listUnsettled({ chainId, signer }) {
      const rows = await db
        .selectFrom('relay_transactions')
        .selectAll()
        .where('chain_id', '=', chainId)
        .where('signer', '=', signer.toLowerCase())
        .where('status', 'in', ['signed', 'sent'])
        .orderBy('nonce')
        .orderBy('created_at')
        .execute()
      return rows.map(toRecord)
    },

    async addGasUsage({ subject, day, gasUsed, transactions }) {
      await db
        .insertInto('relay_gas_usage')
        .values({ subject_kind: subject.kind, subject: subject.id, day, gas_used: gasUsed, transactions })
        .onConflict((oc) =>
          oc.columns(['subject_kind', 'subject', 'day']).doUpdateSet((eb) => ({
            gas_used: eb('relay_gas_usage.gas_used', '+', eb.ref('excluded.gas_used')),
            transactions: eb('relay_gas_usage.transactions', '+', eb.ref('excluded.transactions')),
          })),
        )
        .execute()
    },

    async getGasUsage({ subject, day }) {
      const row = await db
        .selectFrom('relay_gas_usage')
        .select(['gas_used', 'transactions'])
        .where('subject_kind', '=', subject.kind)
        .where('subject', '=', subject.id)
        .where('day', '=', day)
        .executeTakeFirst()
      return { gasUsed: row ? Number(row.gas_used) : 0, transactions: row ? Number(row.transactions) : 0 }
    },
  }
}
