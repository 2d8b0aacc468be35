import { join } from 'node:path'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import Database from 'better-sqlite3'
import { DEFAULT_SQLITE_FILE } from '../src/storage/sqlite-file-of'
import type { FuzzFixture } from './fuzz-fixture'

/** The tables a refused request must not write: ledger, mints, rewards, payments, wallets, relays, redemptions, the chain journal. */
const GUARDED_TABLES = [
  'ledger_entries',
  'mint_jobs',
  'mint_transactions',
  'reward_events',
  'claim_counters',
  'payments',
  'checkout_sessions',
  'wallets',
  'identity_accounts',
  'pregenerations',
  'relay_transactions',
  'redemption_codes',
  'perk_redemptions',
  'chain_journal',
] as const

/** Row counts of the guarded tables, and the chain: block number, token total supply, the member's balance. */
export type LedgerSnapshot = Record<string, string>

export type LedgerWatch = {
  snapshot(): Promise<LedgerSnapshot>
  /** Resolves once no mint job is pending or batched (an accepted request's mint has landed). */
  settle(timeoutMs?: number): Promise<void>
  close(): void
}

/** Reads the fixture's SQLite file through a read-only connection of its own and the chain through the server's client. */
export function watchLedger(f: FuzzFixture): LedgerWatch {
  const sqlite = new Database(join(f.db.dataDir, DEFAULT_SQLITE_FILE), { readonly: true })
  const counts = sqlite.prepare(
    `SELECT ${GUARDED_TABLES.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(', ')}`,
  )
  const chain = f.server.runtime.chain
  if (!chain) throw new Error('watchLedger: the server has no chain')
  const read = (functionName: 'totalSupply' | 'balanceOf', args: readonly unknown[] = []) =>
    chain.publicClient.readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName,
      args,
    } as never) as Promise<bigint>
  return {
    async snapshot() {
      const rows = counts.get() as Record<string, number>
      const [block, supply, balance] = await Promise.all([
        chain.publicClient.getBlockNumber({ cacheTime: 0 }),
        read('totalSupply'),
        read('balanceOf', [f.member.walletAddress]),
      ])
      return {
        ...Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, String(v)])),
        blockNumber: String(block),
        totalSupply: String(supply),
        memberBalance: String(balance),
      }
    },
    async settle(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs
      const mint = f.server.runtime.storage.mint
      for (;;) {
        const c = await mint.countJobs(['pending', 'batched'])
        if (c.pending + c.batched === 0) return
        if (Date.now() > until) throw new Error(`mint jobs still open after ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    close: () => sqlite.close(),
  }
}

/** The keys whose values differ between two snapshots. */
export function snapshotChanges(before: LedgerSnapshot, after: LedgerSnapshot): string[] {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${before[k]} → ${after[k]}`)
}
