import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { KeyVault } from '@loyaltykit/engine'
import { type Database, rebuildActivityRollups } from '@loyaltykit/engine/storage-kysely'
import { tokensToWei, walletOwnerKey } from '@loyaltykit/engine/testing'
import type { Insertable, Kysely } from 'kysely'
import { pointFromScalar } from 'tiny-secp256k1'
import { bytesToHex, keccak256 } from 'viem'
import { insertLedgerEntries, type LedgerPreloadEvent } from './ledger-bench'

export type PreloadPlan = {
  brandId: string
  /** The brand's rules the history is made of; every member's first event is of the first one. */
  rules: ReadonlyArray<{ eventType: string; rewardAmount: number }>
  /** Prior reward events (and their mint jobs and ledger entries), spread over `members`. */
  events: number
  /** Members (custodial wallets); member `m` has the email `preloadMemberEmail(m)`. */
  members: number
  keyVault: KeyVault
  /** The history spans the 90 days before this time (epoch ms). */
  now: number
  onProgress?: (eventsDone: number) => void
}

export type PreloadResult = {
  members: number
  events: number
  mintJobs: number
  mintBatches: number
  claimCounters: number
  /** Ledger entries written (one confirmed reward entry per event); null if none were. */
  ledgerEntries: number | null
  seconds: number
}

/** The email of preloaded member `m` (0-based). */
export const preloadMemberEmail = (m: number) => `member${m}@preload.example`

const SPAN_MS = 90 * 24 * 3600 * 1000
const JOBS_PER_BATCH = 100
/** Members per transaction; rows per INSERT statement (well under SQLite's and PostgreSQL's bind limits). */
const MEMBERS_PER_TRANSACTION = 2000
const ROWS_PER_INSERT = 500

const hex32 = (label: string) => `0x${createHash('sha256').update(label).digest('hex')}`
const batchIdOf = (n: number) => hex32(`preload-batch-${n}`)
const txHashOf = (n: number) => hex32(`preload-tx-${n}`)

/** A custodial wallet key as the engine makes one (libsecp256k1 here, to generate 300,000 quickly). */
function newWalletKey(): { privateKey: string; address: string } {
  for (;;) {
    const secret = randomBytes(32)
    const point = pointFromScalar(secret, false)
    if (!point) continue
    return { privateKey: bytesToHex(secret), address: `0x${keccak256(point.subarray(1)).slice(-40)}` }
  }
}

/** Multi-row inserts of ROWS_PER_INSERT rows each (the seed's too: seed-history.ts). */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute()
  }
}

/**
 * Fills a benchmark database with a brand's history, as the server would have written it, in
 * multi-row inserts of a few thousand members per transaction: a custodial wallet per member (key
 * generated and encrypted by the KeyVault), `events` reward events over the last 90 days (member
 * `m` gets events `m`, `m + members`, …; its k-th event is of rule k mod rules), one confirmed mint
 * job each in batches of 100 (mint_batches rows), the claim counters and rule totals those events
 * imply, and their confirmed ledger entries (`insertLedgerEntries`).
 * The mints are not on the chain: on-chain balances of preloaded members stay 0.
 */
export async function preloadDatabase(db: Kysely<Database>, plan: PreloadPlan): Promise<PreloadResult> {
  const started = performance.now()
  const { brandId, rules, events, members, now } = plan
  const start = now - SPAN_MS
  const totals = new Map<string, number>()
  const batchJobs = new Map<number, { count: number; wei: bigint; at: number }>()
  let eventsDone = 0
  let claimCounters = 0
  let ledgerEntries: number | null = null

  for (let first = 0; first < members; first += MEMBERS_PER_TRANSACTION) {
    const last = Math.min(members, first + MEMBERS_PER_TRANSACTION)
    const wallets: Insertable<Database['wallets']>[] = []
    const rewardEvents: Insertable<Database['reward_events']>[] = []
    const jobs: Insertable<Database['mint_jobs']>[] = []
    const counters: Insertable<Database['claim_counters']>[] = []
    const ledger: LedgerPreloadEvent[] = []
    for (let m = first; m < last; m++) {
      const email = preloadMemberEmail(m)
      const key = newWalletKey()
      const joined = start + Math.floor((m * SPAN_MS) / Math.max(1, events))
      wallets.push({
        id: randomUUID(),
        address: key.address,
        owner_key: walletOwnerKey({ kind: 'email', email }),
        encrypted_key: plan.keyVault.encrypt(key.privateKey),
        created_at: joined,
      })
      const perType = new Map<string, { claims: number; lastId: string; lastAt: number }>()
      for (let j = m; j < events; j += members) {
        const rule = rules[Math.floor(j / members) % rules.length] as (typeof rules)[number]
        const id = randomUUID()
        const jobId = randomUUID()
        const at = start + Math.floor((j * SPAN_MS) / events)
        const batch = Math.floor(j / JOBS_PER_BATCH)
        const wei = tokensToWei(rule.rewardAmount)
        const b = batchJobs.get(batch) ?? { count: 0, wei: 0n, at }
        batchJobs.set(batch, { count: b.count + 1, wei: b.wei + wei, at: Math.max(b.at, at) })
        rewardEvents.push({
          id,
          brand_id: brandId,
          event_type: rule.eventType,
          user_key: email,
          user_email: email,
          wallet_address: key.address,
          reward_amount: rule.rewardAmount,
          source: null,
          domain: 'shop.preload.example',
          channel_id: null,
          metadata: JSON.stringify({ page: `/products/${j % 977}` }),
          mint_job_id: jobId,
          transaction_hash: txHashOf(batch),
          created_at: at,
        })
        jobs.push({
          id: jobId,
          idempotency_key: `event:${id}`,
          recipient: key.address,
          amount: String(rule.rewardAmount),
          amount_wei: wei.toString(),
          source: 'event',
          ref: id,
          brand_id: brandId,
          status: 'confirmed',
          batch_id: batchIdOf(batch),
          tx_hash: txHashOf(batch),
          block_number: batch + 1,
          created_at: at,
          updated_at: at + 2000,
          confirmed_at: at + 2000,
        })
        ledger.push({
          eventId: id,
          mintJobId: jobId,
          brandId,
          email,
          walletAddress: key.address,
          ...rule,
          at,
          batchId: batchIdOf(batch),
          txHash: txHashOf(batch),
          blockNumber: batch + 1,
          // The batch mints its jobs in order, one Transfer log each.
          logIndex: j % JOBS_PER_BATCH,
          confirmedAt: at + 2000,
        })
        const c = perType.get(rule.eventType)
        perType.set(rule.eventType, { claims: (c?.claims ?? 0) + 1, lastId: id, lastAt: at })
        totals.set(rule.eventType, (totals.get(rule.eventType) ?? 0) + 1)
      }
      for (const [eventType, c] of perType) {
        counters.push({
          brand_id: brandId,
          event_type: eventType,
          user_key: email,
          claims: c.claims,
          last_event_id: c.lastId,
          last_at: c.lastAt,
        })
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'wallets', wallets)
      await insertRows(trx, 'mint_jobs', jobs)
      await insertRows(trx, 'reward_events', rewardEvents)
      await insertRows(trx, 'claim_counters', counters)
      // The ledger entries of these events, in the same transaction.
      const entries = await insertLedgerEntries(trx, ledger)
      if (entries !== undefined) ledgerEntries = (ledgerEntries ?? 0) + entries
    })
    eventsDone += rewardEvents.length
    claimCounters += counters.length
    plan.onProgress?.(eventsDone)
  }

  const batches = [...batchJobs].map(([n, b]) => ({
    batch_id: batchIdOf(n),
    chain_id: 31337,
    signer: '0x0000000000000000000000000000000000000000',
    status: 'confirmed',
    job_count: b.count,
    total_wei: b.wei.toString(),
    nonce: null,
    tx_hash: txHashOf(n),
    block_number: n + 1,
    attempts: 1,
    next_attempt_at: b.at,
    last_error: null,
    sent_block: n,
    created_at: b.at,
    updated_at: b.at + 2000,
    confirmed_at: b.at + 2000,
  }))
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'mint_batches', batches)
    await insertRows(
      trx,
      'rule_totals',
      [...totals].map(([eventType, total]) => ({ brand_id: brandId, event_type: eventType, total })),
    )
    // The events were written directly: the analytics rollups the claim path keeps are rebuilt.
    await rebuildActivityRollups(trx)
  })
  return {
    members,
    events: eventsDone,
    mintJobs: eventsDone,
    mintBatches: batches.length,
    claimCounters,
    ledgerEntries,
    seconds: (performance.now() - started) / 1000,
  }
}
