import type { Database } from '@loyaltykit/engine/storage-kysely'
import type { Kysely } from 'kysely'
import type { LatencySummary } from './latency-summary'

/*
 * Where issue 13's ledger plugs into `pnpm bench:events`: the one file to change when the ledger
 * (point 1) and the member reads (point 4) land. Until then `insertLedgerEntries` writes nothing
 * and `measureMemberReads` refuses with LEDGER_MISSING; nothing else of the benchmark pretends.
 */

export const LEDGER_MISSING = '--preload needs the ledger; see issue 13'

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
}

/**
 * Writes the ledger entries of preloaded events inside the preload's transaction `trx` (multi-row
 * inserts, like preload-database.ts) and answers how many; undefined while there is no ledger.
 */
export async function insertLedgerEntries(
  _trx: Kysely<Database>,
  _events: readonly LedgerPreloadEvent[],
): Promise<number | undefined> {
  return undefined
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
  throw new Error(LEDGER_MISSING)
}
