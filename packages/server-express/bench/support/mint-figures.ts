import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { ChainPort } from '@loyaltykit/engine'
import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Kysely } from 'kysely'
import { type Hash, parseEventLogs, zeroAddress } from 'viem'

/** A confirmed mint job as the database records it. */
type MintedJob = { batchId: string | null; recipient: string; amountWei: string }

/** What the database says about the mints of a run's events. */
export type RunMints = {
  /** Events of the run found in reward_events. */
  events: number
  /** Of those, events whose mint job is confirmed. */
  minted: number
  /** Every transaction that minted an event of the run → the confirmed jobs it carried (the run's and any other). */
  jobsPerTransaction: Map<string, MintedJob[]>
  /** 200 answers whose transactionHash is not the hash stored for their event's mint job. */
  responseHashMismatches: number
}

export type MintFigures = {
  /** Events of the run found in the database / of those, minted (job confirmed). */
  events: number
  minted: number
  /** Chain transactions that minted the run's events. */
  transactions: number
  eventsPerTransaction: number
  /** gasUsed of those transactions (receipts) ÷ mints they carried. */
  gasPerReward: number
  /**
   * The chain against the database, per transaction: its mint Transfer logs (recipient, amount) are
   * exactly its confirmed jobs, and its BatchMinted log names their batch id and count.
   */
  crossCheck: {
    transferLogs: number
    databaseJobs: number
    failedReceipts: number
    /** Transactions whose logs differ from their jobs (recipients, amounts, batch id or count). */
    mismatchedTransactions: number
    responseHashMismatches: number
    ok: boolean
  }
}

const CHUNK = 500

/** How many mint jobs the database holds (any status). */
export async function countMintJobs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mint_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Polls until no mint job is waiting (every job confirmed) or `timeoutMs`; answers how many still wait. */
export async function waitForMints(db: Kysely<Database>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await db
      .selectFrom('mint_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '!=', 'confirmed')
      .executeTakeFirstOrThrow()
    const waiting = Number(row.n)
    if (waiting === 0 || Date.now() > deadline) return waiting
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Reads the mint jobs of the run's events (`answered`: eventId → the transactionHash its 200
 * carried, or null when it answered pending) and every job of the transactions that minted them.
 */
export async function readRunMints(
  db: Kysely<Database>,
  answered: ReadonlyMap<string, string | null>,
): Promise<RunMints> {
  const ids = [...answered.keys()]
  let events = 0
  let minted = 0
  let responseHashMismatches = 0
  const hashes = new Set<string>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('reward_events as e')
      .leftJoin('mint_jobs as j', 'j.id', 'e.mint_job_id')
      .select(['e.id', 'j.status', 'j.tx_hash'])
      .where('e.id', 'in', ids.slice(i, i + CHUNK))
      .execute()
    for (const r of rows) {
      events++
      const answeredHash = answered.get(r.id)
      if (answeredHash && answeredHash !== r.tx_hash) responseHashMismatches++
      if (r.status !== 'confirmed' || !r.tx_hash) continue
      minted++
      hashes.add(r.tx_hash)
    }
  }
  const jobsPerTransaction = new Map<string, MintedJob[]>()
  const list = [...hashes]
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .selectFrom('mint_jobs')
      .select(['tx_hash', 'batch_id', 'recipient', 'amount_wei'])
      .where('tx_hash', 'in', list.slice(i, i + CHUNK))
      .where('status', '=', 'confirmed')
      .execute()
    for (const r of rows) {
      if (!r.tx_hash) continue
      const jobs = jobsPerTransaction.get(r.tx_hash) ?? []
      jobs.push({ batchId: r.batch_id, recipient: r.recipient, amountWei: r.amount_wei })
      jobsPerTransaction.set(r.tx_hash, jobs)
    }
  }
  return { events, minted, jobsPerTransaction, responseHashMismatches }
}

/** Reads the receipt of every transaction of `mints` from the chain: gas, and its mint logs against the database. */
export async function mintFigures(mints: RunMints, chain: ChainPort): Promise<MintFigures> {
  let gas = 0n
  let transferLogs = 0
  let databaseJobs = 0
  let failedReceipts = 0
  let mismatchedTransactions = 0
  const token = chain.contracts.pointsToken.toLowerCase()
  for (const [hash, jobs] of mints.jobsPerTransaction) {
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: hash as Hash })
    if (receipt.status !== 'success') failedReceipts++
    const logs = receipt.logs.filter((l) => l.address.toLowerCase() === token)
    const minted = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs })
      .filter((l) => l.args.from === zeroAddress)
      .map((l) => `${l.args.to.toLowerCase()}:${l.args.value}`)
    const batches = parseEventLogs({ abi: pointsTokenAbi, eventName: 'BatchMinted', logs })
    const expected = jobs.map((j) => `${j.recipient.toLowerCase()}:${j.amountWei}`)
    const same =
      minted.sort().join() === expected.sort().join() &&
      batches.length === 1 &&
      batches[0]?.args.batchId === jobs[0]?.batchId &&
      batches[0]?.args.count === BigInt(jobs.length) &&
      jobs.every((j) => j.batchId === jobs[0]?.batchId)
    if (!same) mismatchedTransactions++
    gas += receipt.gasUsed
    transferLogs += minted.length
    databaseJobs += jobs.length
  }
  const transactions = mints.jobsPerTransaction.size
  return {
    events: mints.events,
    minted: mints.minted,
    transactions,
    eventsPerTransaction: transactions === 0 ? 0 : mints.minted / transactions,
    gasPerReward: databaseJobs === 0 ? 0 : Number(gas) / databaseJobs,
    crossCheck: {
      transferLogs,
      databaseJobs,
      failedReceipts,
      mismatchedTransactions,
      responseHashMismatches: mints.responseHashMismatches,
      ok:
        mismatchedTransactions === 0 &&
        transferLogs === databaseJobs &&
        failedReceipts === 0 &&
        mints.responseHashMismatches === 0,
    },
  }
}
