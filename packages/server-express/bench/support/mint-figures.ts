import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { ChainPort } from '@loyaltykit/engine'
import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Kysely } from 'kysely'
import { type Hash, parseEventLogs, zeroAddress } from 'viem'

/** What the database says about the mints of a run's events. */
export type RunMints = {
  /** Events of the run found in reward_events. */
  events: number
  /** Of those, events whose mint job is confirmed. */
  minted: number
  /** Every transaction that minted an event of the run → confirmed jobs it carried (the run's and any other). */
  jobsPerTransaction: Map<string, number>
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
  /** The chain against the database: mint Transfer logs in the receipts vs confirmed jobs, per transaction. */
  crossCheck: {
    transferLogs: number
    databaseJobs: number
    failedReceipts: number
    responseHashMismatches: number
    ok: boolean
  }
}

const CHUNK = 500

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
  const jobsPerTransaction = new Map<string, number>()
  const list = [...hashes]
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = await db
      .selectFrom('mint_jobs')
      .select(['tx_hash', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tx_hash', 'in', list.slice(i, i + CHUNK))
      .where('status', '=', 'confirmed')
      .groupBy('tx_hash')
      .execute()
    for (const r of rows) if (r.tx_hash) jobsPerTransaction.set(r.tx_hash, Number(r.n))
  }
  return { events, minted, jobsPerTransaction, responseHashMismatches }
}

/** Reads the receipt of every transaction of `mints` from the chain: gas, and the mint Transfer logs against the database. */
export async function mintFigures(mints: RunMints, chain: ChainPort): Promise<MintFigures> {
  let gas = 0n
  let transferLogs = 0
  let databaseJobs = 0
  let failedReceipts = 0
  let perTransactionMismatch = false
  for (const [hash, jobs] of mints.jobsPerTransaction) {
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: hash as Hash })
    if (receipt.status !== 'success') failedReceipts++
    const mintsInReceipt = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs: receipt.logs }).filter(
      (l) => l.address.toLowerCase() === chain.contracts.pointsToken.toLowerCase() && l.args.from === zeroAddress,
    ).length
    if (mintsInReceipt !== jobs) perTransactionMismatch = true
    gas += receipt.gasUsed
    transferLogs += mintsInReceipt
    databaseJobs += jobs
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
      responseHashMismatches: mints.responseHashMismatches,
      ok:
        !perTransactionMismatch &&
        transferLogs === databaseJobs &&
        failedReceipts === 0 &&
        mints.responseHashMismatches === 0,
    },
  }
}
