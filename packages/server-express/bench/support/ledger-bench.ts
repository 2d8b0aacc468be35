import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Insertable, Kysely } from 'kysely'
import type { LatencySummary } from './latency-summary'

/*
 * Where issue 13's ledger plugs into `pnpm bench:events`: `insertLedgerEntries` writes the ledger
 * rows of the preloaded events; `measureMemberReads` waits for the member endpoints (point 4) and
 * refuses with MEMBER_READS_MISSING until they exist; nothing else of the benchmark pretends.
 */

export const MEMBER_READS_MISSING = '--preload reads need GET /loyalty-api/members (issue 13, point 4)'

/** A preloaded reward event, with everything its ledger entry records. */
export type LedgerPreloadEvent = {
  eventId: string
  mintJobId: string
  brandId: string
  email: string
  walletAddress: string
  eventType: string
  rewardAmount: number
  /** Epoch ms. */
  at: number
  /** Its confirmed mint: batch, transaction, block, and the index of its Transfer log in that block. */
  batchId: string
  txHash: string
  blockNumber: number
  logIndex: number
  confirmedAt: number
}

/** Rows per INSERT: 19 columns × 500 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 500
const WEI = 10n ** 18n

/**
 * Writes the ledger entries of preloaded events inside the preload's transaction `trx`, as the
 * server writes them (src/ledger/record-reward-entry.ts, then settled by the minter): one confirmed
 * `reward` entry per event, source `event`, with the rule's snapshot, its batch, transaction, block
 * and log index, in multi-row inserts. Answers how many.
 */
export async function insertLedgerEntries(
  trx: Kysely<Database>,
  events: readonly LedgerPreloadEvent[],
): Promise<number | undefined> {
  const rows: Insertable<Database['ledger_entries']>[] = events.map((e) => ({
    id: crypto.randomUUID(),
    brand_id: e.brandId,
    wallet_address: e.walletAddress,
    user_key: `email:${e.email}`,
    kind: 'reward',
    amount: e.rewardAmount,
    amount_wei: (BigInt(e.rewardAmount) * WEI).toString(),
    source_type: 'event',
    source_id: e.eventId,
    counterparty: null,
    mint_job_id: e.mintJobId,
    batch_id: e.batchId,
    tx_hash: e.txHash,
    block_number: e.blockNumber,
    log_index: e.logIndex,
    status: 'confirmed',
    snapshot: JSON.stringify({
      eventType: e.eventType,
      ruleEventId: e.eventType,
      rewardAmount: e.rewardAmount,
      maxClaims: -1,
      cooldownHours: 0,
      maxTotalClaims: null,
      rulesVersion: 0,
    }),
    created_at: e.at,
    confirmed_at: e.confirmedAt,
  }))
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('ledger_entries')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute()
  }
  return rows.length
}

export type MemberReadFigures = {
  /** `GET /loyalty-api/members/:email` */
  member: { requests: number; failures: number; latencyMs: LatencySummary }
  /** `GET /loyalty-api/members/:id/history` */
  history: { requests: number; failures: number; latencyMs: LatencySummary }
}

/**
 * Measures the member and history reads of preloaded members (`emails`) with the brand's API key,
 * on the running server at `origin`, with the load generator (`runLoad`, GET requests) for
 * `seconds` at `connections`.
 */
export async function measureMemberReads(_p: {
  origin: string
  apiKey: string
  emails: readonly string[]
  connections: number
  seconds: number
}): Promise<MemberReadFigures> {
  throw new Error(MEMBER_READS_MISSING)
}
