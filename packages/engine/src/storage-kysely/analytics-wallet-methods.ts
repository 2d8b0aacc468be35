import type { Kysely } from 'kysely'
import type { AnalyticsStore, WalletSet } from '../ports/analytics-store'
import { num } from './analytics-activity-methods'
import type { Database } from './database'

const DAY_MS = 86_400_000

type WalletMethods = Pick<AnalyticsStore, 'walletActivity' | 'memberNets'>

/** The per-wallet half of `AnalyticsStore` (personas, balance distributions). */
export function createAnalyticsWalletMethods(db: Kysely<Database>): WalletMethods {
  /** The wallets of a set, as a subquery. */
  const walletsOf = (set: WalletSet) =>
    'collectionId' in set
      ? db
          .selectFrom('ledger_entries')
          .select('wallet_address')
          .where('kind', '=', 'redemption')
          .where('brand_id', '=', set.brandId.toLowerCase())
          .where('source_id', 'like', `${set.collectionId}:%`)
          .where('created_at', '<', set.until)
      : db
          .selectFrom('reward_events')
          .select('wallet_address')
          .where('brand_id', '=', set.brandId.toLowerCase())
          .where('created_at', '>=', set.since)
          .where('created_at', '<', set.until)

  return {
    async walletActivity({ wallets, asOf }) {
      const brandId = wallets.brandId.toLowerCase()
      const [events, entries] = await Promise.all([
        db
          .selectFrom('reward_events')
          .select((eb) => [
            'wallet_address',
            eb.fn.min('created_at').as('first_at'),
            eb.fn.max('created_at').as('last_at'),
            eb.fn
              .sum(
                eb
                  .case()
                  .when('created_at', '>=', asOf - 90 * DAY_MS)
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as('events90'),
            eb.fn
              .sum(
                eb
                  .case()
                  .when(eb.and([eb('brand_id', '=', brandId), eb('created_at', '>=', asOf - 30 * DAY_MS)]))
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as('brand_events30'),
            eb.fn.count('brand_id').distinct().as('brands'),
            eb.fn.sum('reward_amount').as('earned'),
          ])
          .where('wallet_address', 'in', walletsOf(wallets))
          .where('created_at', '<', asOf)
          .groupBy('wallet_address')
          .orderBy('wallet_address')
          .execute(),
        db
          .selectFrom('ledger_entries')
          .select((eb) => [
            'wallet_address',
            eb.fn.sum(eb.case().when('kind', '=', 'redemption').then(eb.ref('amount')).else(0).end()).as('redeemed'),
            eb.fn.sum(eb.case().when('kind', '=', 'redemption').then(1).else(0).end()).as('redemptions'),
            eb.fn.sum('amount').as('net'),
          ])
          .where('wallet_address', 'in', walletsOf(wallets))
          .where('created_at', '<', asOf)
          .groupBy('wallet_address')
          .execute(),
      ])
      const ledger = new Map(entries.map((r) => [r.wallet_address, r]))
      return events.map((r) => {
        const l = ledger.get(r.wallet_address)
        return {
          walletAddress: r.wallet_address,
          firstEventAt: num(r.first_at),
          lastEventAt: num(r.last_at),
          events90d: num(r.events90),
          brandEvents30d: num(r.brand_events30),
          brands: num(r.brands),
          earned: num(r.earned),
          redeemed: -num(l?.redeemed),
          redemptions: num(l?.redemptions),
          net: num(l?.net),
        }
      })
    },

    async memberNets({ brandId, until }) {
      const brand = brandId.toLowerCase()
      const rows = await db
        .selectFrom('ledger_entries')
        .select((eb) => ['wallet_address', eb.fn.sum('amount').as('net')])
        .where('brand_id', '=', brand)
        .where('wallet_address', '<>', brand)
        .where('created_at', '<', until)
        .groupBy('wallet_address')
        .orderBy('wallet_address')
        .execute()
      return rows.map((r) => num(r.net))
    },
  }
}
