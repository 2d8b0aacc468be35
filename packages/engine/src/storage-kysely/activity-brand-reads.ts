import type { Kysely } from 'kysely'
import type { EventSource } from '../ports/activity-store'
import type { Database } from './database'

/**
 * `ActivityStore.eventSources`: the brand's reward events of a window, newest first (index
 * reward_events (brand_id, created_at)), optionally only of the wallets that claimed a collection.
 */
export async function selectEventSources(
  db: Kysely<Database>,
  p: { brandId: string; since: number; until: number; collectionId?: number | undefined; limit: number },
): Promise<EventSource[]> {
  const brandId = p.brandId.toLowerCase()
  let q = db
    .selectFrom('reward_events')
    .select(['wallet_address', 'user_email', 'domain', 'metadata'])
    .where('brand_id', '=', brandId)
    .where('created_at', '>=', p.since)
    .where('created_at', '<', p.until)
  if (p.collectionId !== undefined) {
    q = q.where(
      'wallet_address',
      'in',
      db
        .selectFrom('ledger_entries')
        .select('wallet_address')
        .where('kind', '=', 'redemption')
        .where('brand_id', '=', brandId)
        .where('source_id', 'like', `${p.collectionId}:%`),
    )
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(1, Math.min(5000, Math.trunc(p.limit))))
    .execute()
  return rows.map((r) => ({
    walletAddress: r.wallet_address,
    userEmail: r.user_email,
    domain: r.domain,
    metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
  }))
}
