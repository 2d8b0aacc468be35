import type { EngineContext } from '../context'
import type { PerkRecord } from '../ports/perk-store'
import { offeredPerks } from './network-perks'
import { perkClaimsOf } from './perk-claims-of'
import type { PerkView } from './perk-view'

/** A perk on offer, and whether this user reached its per-user limit (`claimsOf` ≥ maxPerUser). */
export type UserPerk = PerkView & { maxed: boolean }

/** The perks on offer (`offeredPerks` of `records`) with the user's claims of each, read from the chain. */
export async function userPerks(
  ctx: EngineContext,
  walletAddress: string,
  records?: readonly PerkRecord[],
): Promise<UserPerk[]> {
  const perks = await offeredPerks(ctx, records)
  return Promise.all(
    perks.map(async (p) => {
      if (p.maxPerUser === 0) return { ...p, maxed: false }
      const claimed = await perkClaimsOf(ctx, p.collectionId, walletAddress)
      return { ...p, maxed: claimed >= p.maxPerUser }
    }),
  )
}
