import type { Kysely } from 'kysely'
import type { LedgerStore } from '../ports/ledger-store'
import type { Database } from './database'
import { ledgerLimit, toLedgerEntry } from './ledger-entry-row'

/**
 * The reconciliation reads of the LedgerStore (docs/ledger.md): entries still unconfirmed, each
 * wallet's confirmed sum to compare with its on-chain balance, and the confirmed entries of a page of
 * wallets.
 */
type LedgerReconcileMethods = Pick<
  LedgerStore,
  'listUnconfirmed' | 'listWalletSums' | 'countWallets' | 'listConfirmedByWallets'
>

export function createLedgerReconcileMethods(db: Kysely<Database>): LedgerReconcileMethods {
  return {
    async listUnconfirmed({ olderThan, limit }) {
      const rows = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('status', '<>', 'confirmed')
        .where('created_at', '<', olderThan)
        .orderBy('created_at')
        .orderBy('id')
        .limit(ledgerLimit(limit))
        .execute()
      return rows.map(toLedgerEntry)
    },

    async listWalletSums({ brandId, afterWallet, atBlock, limit }) {
      const wallets = (
        await db
          .selectFrom('ledger_entries')
          .select('wallet_address')
          .distinct()
          .$if(brandId !== undefined, (q) => q.where('brand_id', '=', (brandId as string).toLowerCase()))
          .$if(afterWallet !== undefined, (q) => q.where('wallet_address', '>', (afterWallet as string).toLowerCase()))
          .orderBy('wallet_address')
          .limit(ledgerLimit(limit))
          .execute()
      ).map((r) => r.wallet_address)
      if (wallets.length === 0) return []
      // Exact sums of wei strings, in JavaScript: SQLite has no integer wide enough.
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['wallet_address', 'amount_wei', 'status', 'block_number'])
        .where('wallet_address', 'in', wallets)
        .execute()
      const sums = new Map(wallets.map((w) => [w, { confirmed: 0n, n: 0, other: 0n }]))
      for (const r of rows) {
        const s = sums.get(r.wallet_address)
        if (!s) continue
        const wei = BigInt(r.amount_wei)
        const mined = atBlock === undefined || (r.block_number !== null && Number(r.block_number) <= atBlock)
        if (r.status === 'confirmed' && mined) {
          s.confirmed += wei
          s.n++
        } else s.other += wei
      }
      return wallets.map((w) => {
        const s = sums.get(w) as { confirmed: bigint; n: number; other: bigint }
        return {
          walletAddress: w,
          confirmedWei: s.confirmed.toString(),
          confirmedEntries: s.n,
          unconfirmedWei: s.other.toString(),
        }
      })
    },

    async countWallets({ brandId }) {
      const row = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.count<number | string>('wallet_address').distinct().as('n'))
        .$if(brandId !== undefined, (q) => q.where('brand_id', '=', (brandId as string).toLowerCase()))
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    async listConfirmedByWallets(walletAddresses) {
      if (walletAddresses.length === 0) return []
      const rows = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where(
          'wallet_address',
          'in',
          walletAddresses.map((w) => w.toLowerCase()),
        )
        .where('status', '=', 'confirmed')
        .orderBy('wallet_address')
        .orderBy('id')
        .execute()
      return rows.map(toLedgerEntry)
    },
  }
}
