import type { Kysely } from 'kysely'
import type { WalletBrandActivity, WalletEvent, WalletEventTypeActivity, WalletStanding } from '../ports/activity-store'
import type { Database } from './database'

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0)

/** `ActivityStore.walletBrands`: the wallet's events by brand (index (wallet_address, …)) merged with its redemptions by brand (the ledger's wallet index). */
export async function selectWalletBrands(db: Kysely<Database>, walletAddress: string): Promise<WalletBrandActivity[]> {
  const wallet = walletAddress.toLowerCase()
  const [events, redemptions] = await Promise.all([
    db
      .selectFrom('reward_events')
      .where('wallet_address', '=', wallet)
      .groupBy('brand_id')
      .select((eb) => [
        'brand_id',
        eb.fn.countAll<number | string>().as('events'),
        eb.fn.sum<number | string>('reward_amount').as('earned'),
        eb.fn.min('created_at').as('first_at'),
        eb.fn.max('created_at').as('last_at'),
      ])
      .execute(),
    db
      .selectFrom('ledger_entries')
      .where('wallet_address', '=', wallet)
      .where('kind', '=', 'redemption')
      .where('brand_id', 'is not', null)
      .groupBy('brand_id')
      .select((eb) => [
        'brand_id',
        eb.fn.countAll<number | string>().as('redemptions'),
        eb.fn.sum<number | string>('amount').as('amount'),
        eb.fn.max('created_at').as('last_at'),
      ])
      .execute(),
  ])
  const byBrand = new Map<string, WalletBrandActivity>()
  for (const r of events) {
    byBrand.set(r.brand_id, {
      brandId: r.brand_id,
      events: n(r.events),
      earned: n(r.earned),
      redemptions: 0,
      redeemed: 0,
      firstEventAt: n(r.first_at),
      lastEventAt: n(r.last_at),
      lastRedemptionAt: null,
    })
  }
  for (const r of redemptions) {
    const brandId = r.brand_id as string
    const a = byBrand.get(brandId) ?? {
      brandId,
      events: 0,
      earned: 0,
      redemptions: 0,
      redeemed: 0,
      firstEventAt: null,
      lastEventAt: null,
      lastRedemptionAt: null,
    }
    a.redemptions = n(r.redemptions)
    a.redeemed = -n(r.amount)
    a.lastRedemptionAt = n(r.last_at)
    byBrand.set(brandId, a)
  }
  return [...byBrand.values()]
}

/** `ActivityStore.walletEventTypes`: one GROUP BY (brand, type) over the wallet's events. */
export async function selectWalletEventTypes(
  db: Kysely<Database>,
  p: { walletAddress: string; brandId?: string | undefined; since?: number | undefined },
): Promise<WalletEventTypeActivity[]> {
  const rows = await db
    .selectFrom('reward_events')
    .where('wallet_address', '=', p.walletAddress.toLowerCase())
    .$if(p.brandId !== undefined, (q) => q.where('brand_id', '=', (p.brandId as string).toLowerCase()))
    .$if(p.since !== undefined, (q) => q.where('created_at', '>=', p.since as number))
    .groupBy(['brand_id', 'event_type'])
    .select((eb) => [
      'brand_id',
      'event_type',
      eb.fn.countAll<number | string>().as('claims'),
      eb.fn.sum<number | string>('reward_amount').as('tokens'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .execute()
  return rows.map((r) => ({
    brandId: r.brand_id,
    eventType: r.event_type,
    claims: n(r.claims),
    tokens: n(r.tokens),
    lastAt: n(r.last_at),
  }))
}

/** `ActivityStore.walletEvents`: newest first through (wallet_address, created_at, id). */
export async function selectWalletEvents(
  db: Kysely<Database>,
  p: { walletAddress: string; since: number; limit: number },
): Promise<WalletEvent[]> {
  const rows = await db
    .selectFrom('reward_events')
    .select(['id', 'brand_id', 'event_type', 'user_email', 'domain', 'metadata', 'reward_amount', 'created_at'])
    .where('wallet_address', '=', p.walletAddress.toLowerCase())
    .where('created_at', '>=', p.since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(1, Math.min(1000, Math.trunc(p.limit))))
    .execute()
  return rows.map((r) => ({
    id: r.id,
    brandId: r.brand_id,
    eventType: r.event_type,
    userEmail: r.user_email,
    domain: r.domain,
    metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
    rewardAmount: n(r.reward_amount),
    createdAt: n(r.created_at),
  }))
}

/** `ActivityStore.walletStanding`: the window's wallets grouped (index (created_at, …)), then counted in one row. */
export async function selectWalletStanding(
  db: Kysely<Database>,
  p: { since: number; frequency: number; monetary: number; lastAt: number },
): Promise<WalletStanding> {
  const row = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('reward_events')
        .where('created_at', '>=', p.since)
        .groupBy('wallet_address')
        .select((eb) => [
          eb.fn.countAll<number>().as('f'),
          eb.fn.sum<number>('reward_amount').as('m'),
          eb.fn.max('created_at').as('l'),
        ])
        .as('w'),
    )
    .select((eb) => [
      eb.fn.countAll<number | string>().as('wallets'),
      eb.fn.sum<number | string | null>(eb.case().when('w.f', '<', p.frequency).then(1).else(0).end()).as('f'),
      eb.fn.sum<number | string | null>(eb.case().when('w.m', '<', p.monetary).then(1).else(0).end()).as('m'),
      eb.fn.sum<number | string | null>(eb.case().when('w.l', '<', p.lastAt).then(1).else(0).end()).as('l'),
    ])
    .executeTakeFirstOrThrow()
  return { wallets: n(row.wallets), lessFrequent: n(row.f), lessEarned: n(row.m), lessRecent: n(row.l) }
}
