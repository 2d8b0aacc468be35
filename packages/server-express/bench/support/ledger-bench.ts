import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Insertable, Kysely } from 'kysely'
import type { LatencySummary } from './latency-summary'
import { type LoadTarget, runLoad } from './load-generator'

/*
 * Where issue 13's ledger plugs into `pnpm bench:events`: `insertLedgerEntries` writes the ledger
 * rows of the preloaded events; `measureMemberReads` drives the member endpoints (point 4).
 */

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
 * `seconds` at `connections` each: first `GET /loyalty-api/members/:email` (the ledger aggregate
 * and one `balanceOf` on the chain), then `GET /loyalty-api/members/:email/history` (the first page
 * of 20), each request for the next member in turn. A non-200 answer is a failure.
 */
export async function measureMemberReads(p: {
  origin: string
  apiKey: string
  emails: readonly string[]
  connections: number
  seconds: number
}): Promise<MemberReadFigures> {
  if (p.emails.length === 0) throw new Error('no preloaded member to read')
  const headers = { authorization: `Bearer ${p.apiKey}` }
  const read = async (path: (email: string) => string) => {
    const target: LoadTarget = {
      origin: p.origin,
      request: (i) => ({
        method: 'GET',
        path: path(encodeURIComponent(p.emails[i % p.emails.length] as string)),
        headers,
      }),
    }
    const r = await runLoad(target, { connections: p.connections, seconds: p.seconds })
    return { requests: r.requests, failures: r.failures, latencyMs: r.latencyMs }
  }
  return {
    member: await read((email) => `/loyalty-api/members/${email}`),
    history: await read((email) => `/loyalty-api/members/${email}/history?limit=20`),
  }
}
