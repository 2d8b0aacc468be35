import type { Kysely, Selectable } from 'kysely'
import type {
  MintBatchRecord,
  MintBatchStatus,
  MintJobRecord,
  MintJobStatus,
  MintStore,
  MintTxRecord,
  MintTxStatus,
} from '../ports/mint-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { insertedOrExisting } from './inserted-or-existing'
import { createMintPipelineReads } from './mint-pipeline-reads'
import type { MintBatchesTable, MintJobsTable, MintTransactionsTable } from './minting-tables'
import { numberOrNull } from './number-or-null'

function toJob(row: Selectable<MintJobsTable>): MintJobRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    to: row.recipient,
    amount: row.amount,
    amountWei: row.amount_wei,
    source: row.source,
    ref: row.ref,
    brandId: row.brand_id,
    status: row.status as MintJobStatus,
    batchId: row.batch_id,
    txHash: row.tx_hash,
    blockNumber: numberOrNull(row.block_number),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    confirmedAt: numberOrNull(row.confirmed_at),
  }
}

function toBatch(row: Selectable<MintBatchesTable>): MintBatchRecord {
  return {
    batchId: row.batch_id,
    chainId: Number(row.chain_id),
    signer: row.signer,
    status: row.status as MintBatchStatus,
    jobCount: Number(row.job_count),
    totalWei: row.total_wei,
    nonce: numberOrNull(row.nonce),
    txHash: row.tx_hash,
    blockNumber: numberOrNull(row.block_number),
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    sentBlock: numberOrNull(row.sent_block),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    confirmedAt: numberOrNull(row.confirmed_at),
  }
}

function toTx(row: Selectable<MintTransactionsTable>): MintTxRecord {
  return {
    txHash: row.tx_hash,
    batchId: row.batch_id,
    chainId: Number(row.chain_id),
    signer: row.signer,
    nonce: Number(row.nonce),
    raw: row.raw,
    gasLimit: row.gas_limit,
    maxFeePerGas: row.max_fee_per_gas,
    maxPriorityFeePerGas: row.max_priority_fee_per_gas,
    status: row.status as MintTxStatus,
    error: row.error,
    createdAt: Number(row.created_at),
    sentAt: numberOrNull(row.sent_at),
  }
}

const byCalldataOrder = (a: MintJobRecord, b: MintJobRecord) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export function createMintStore(db: Kysely<Database>, dialect: SqlDialect): MintStore {
  const getJob = async (id: string) => {
    const row = await db.selectFrom('mint_jobs').selectAll().where('id', '=', id).executeTakeFirst()
    return row && toJob(row)
  }
  const getJobByKey = async (key: string) => {
    const row = await db.selectFrom('mint_jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
    return row && toJob(row)
  }

  return {
    getJob,
    getJobByKey,

    async insertJobIfAbsent(job) {
      // On PostgreSQL the insert waits for a concurrent uncommitted insert of the same key, and the
      // select that follows (READ COMMITTED: a new snapshot) sees the row that won.
      const inserted = await db
        .insertInto('mint_jobs')
        .values({
          id: job.id,
          idempotency_key: job.idempotencyKey,
          recipient: job.to.toLowerCase(),
          amount: job.amount,
          amount_wei: job.amountWei,
          source: job.source,
          ref: job.ref,
          brand_id: job.brandId,
          status: job.status,
          batch_id: job.batchId,
          tx_hash: job.txHash,
          block_number: job.blockNumber,
          created_at: job.createdAt,
          updated_at: job.updatedAt,
          confirmed_at: job.confirmedAt,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst()
      const what = `mint job ${job.idempotencyKey}`
      const { record, created } = await insertedOrExisting(inserted, toJob, () => getJobByKey(job.idempotencyKey), what)
      return { job: record, created }
    },

    async claimJobs({ batchId, chainId, signer, limit, now }) {
      if (limit <= 0) return []
      // Two statements, not UPDATE … IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED): PostgreSQL may run
      // such a subquery more than once in one statement and claim more than `limit` rows. Inside a
      // transaction the selected rows stay locked until commit; outside one, `status = 'pending'`
      // in the update keeps a job from being claimed twice.
      const picked = await db
        .selectFrom('mint_jobs')
        .select('id')
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked())
        .execute()
      if (picked.length === 0) return []
      const rows = await db
        .updateTable('mint_jobs')
        .set({ status: 'batched', batch_id: batchId, updated_at: now })
        .where(
          'id',
          'in',
          picked.map((p) => p.id),
        )
        .where('status', '=', 'pending')
        .returningAll()
        .execute()
      if (rows.length === 0) return []
      const jobs = rows.map(toJob).sort(byCalldataOrder)
      let total = 0n
      for (const job of jobs) total += BigInt(job.amountWei)
      await db
        .insertInto('mint_batches')
        .values({
          batch_id: batchId,
          chain_id: chainId,
          signer: signer.toLowerCase(),
          status: 'new',
          job_count: jobs.length,
          total_wei: total.toString(),
          nonce: null,
          tx_hash: null,
          block_number: null,
          attempts: 0,
          next_attempt_at: now,
          last_error: null,
          sent_block: null,
          created_at: now,
          updated_at: now,
          confirmed_at: null,
        })
        .execute()
      return jobs
    },

    async listBatchJobs(batchId) {
      const rows = await db
        .selectFrom('mint_jobs')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toJob)
    },

    async getBatch(batchId) {
      const row = await db.selectFrom('mint_batches').selectAll().where('batch_id', '=', batchId).executeTakeFirst()
      return row && toBatch(row)
    },

    async listOpenBatches({ chainId, signer }) {
      const rows = await db
        .selectFrom('mint_batches')
        .selectAll()
        .where('chain_id', '=', chainId)
        .where('signer', '=', signer.toLowerCase())
        .where('status', '!=', 'confirmed')
        .execute()
      return rows
        .map(toBatch)
        .sort(
          (a, b) =>
            (a.nonce ?? Number.MAX_SAFE_INTEGER) - (b.nonce ?? Number.MAX_SAFE_INTEGER) || a.createdAt - b.createdAt,
        )
    },

    async recordTransaction(tx) {
      await db
        .insertInto('mint_transactions')
        .values({
          tx_hash: tx.txHash,
          batch_id: tx.batchId,
          chain_id: tx.chainId,
          signer: tx.signer.toLowerCase(),
          nonce: tx.nonce,
          raw: tx.raw,
          gas_limit: tx.gasLimit,
          max_fee_per_gas: tx.maxFeePerGas,
          max_priority_fee_per_gas: tx.maxPriorityFeePerGas,
          status: tx.status,
          error: tx.error,
          created_at: tx.createdAt,
          sent_at: tx.sentAt,
        })
        .execute()
      await db
        .updateTable('mint_batches')
        .set((eb) => ({
          status: 'signed',
          nonce: tx.nonce,
          tx_hash: tx.txHash,
          attempts: eb('attempts', '+', 1),
          updated_at: tx.createdAt,
        }))
        .where('batch_id', '=', tx.batchId)
        .where('status', '!=', 'confirmed')
        .execute()
    },

    async listTransactions(batchId) {
      const rows = await db
        .selectFrom('mint_transactions')
        .selectAll()
        .where('batch_id', '=', batchId)
        .orderBy('created_at')
        .execute()
      return rows.map(toTx)
    },

    async markTransactionSent({ txHash, now, headBlock }) {
      const updated = await db
        .updateTable('mint_transactions')
        .set({ status: 'sent', sent_at: now })
        .where('tx_hash', '=', txHash)
        .where('status', 'in', ['signed', 'sent'])
        .returning('batch_id')
        .executeTakeFirst()
      if (updated && headBlock !== null) {
        await db
          .updateTable('mint_batches')
          .set({ sent_block: headBlock })
          .where('batch_id', '=', updated.batch_id)
          .where('sent_block', 'is', null)
          .execute()
      }
    },

    async setTransactionStatus({ txHash, status, error }) {
      await db
        .updateTable('mint_transactions')
        .set(error === undefined ? { status } : { status, error })
        .where('tx_hash', '=', txHash)
        .execute()
    },

    async scheduleRetry({ batchId, error, nextAttemptAt, now }) {
      await db
        .updateTable('mint_batches')
        .set({ status: 'retry', last_error: error.slice(0, 2000), next_attempt_at: nextAttemptAt, updated_at: now })
        .where('batch_id', '=', batchId)
        .where('status', '!=', 'confirmed')
        .execute()
    },

    async confirmBatch({ batchId, txHash, blockNumber, now }) {
      const batch = await db
        .updateTable('mint_batches')
        .set({ status: 'confirmed', tx_hash: txHash, block_number: blockNumber, confirmed_at: now, updated_at: now })
        .where('batch_id', '=', batchId)
        .where('status', '!=', 'confirmed')
        .returning('batch_id')
        .executeTakeFirst()
      if (!batch) return { jobIds: [] }
      const jobs = await db
        .updateTable('mint_jobs')
        .set({ status: 'confirmed', tx_hash: txHash, block_number: blockNumber, confirmed_at: now, updated_at: now })
        .where('batch_id', '=', batchId)
        .where('status', '!=', 'confirmed')
        .returning('id')
        .execute()
      await db
        .updateTable('mint_transactions')
        .set((eb) => ({
          status: eb.case().when('tx_hash', '=', txHash).then('mined').else(eb.ref('status')).end(),
          raw: null,
        }))
        .where('batch_id', '=', batchId)
        .execute()
      await db
        .updateTable('mint_transactions')
        .set({ status: 'dropped' })
        .where('batch_id', '=', batchId)
        .where('status', 'in', ['signed', 'sent'])
        .execute()
      return { jobIds: jobs.map((j) => j.id) }
    },

    async countJobs(statuses) {
      const rows = await db
        .selectFrom('mint_jobs')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .$if(statuses !== undefined, (q) => q.where('status', 'in', statuses?.length ? [...statuses] : ['']))
        .groupBy('status')
        .execute()
      const counts: Record<MintJobStatus, number> = { pending: 0, batched: 0, confirmed: 0 }
      for (const row of rows) counts[row.status as MintJobStatus] = Number(row.n)
      return counts
    },
    ...createMintPipelineReads(db),
  }
}
