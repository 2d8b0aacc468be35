import type { EngineContext } from '../context'
import type { PerkRecord } from '../ports/perk-store'
import { type PerkView, perkViews } from './perk-view'

/**
 * The perks an agent may offer: of `records` (default: every brand's), those active on chain and not
 * sold out (`available` null = unlimited, else > 0), read live from the chain, oldest first.
 */
export async function offeredPerks(ctx: EngineContext, records?: readonly PerkRecord[]): Promise<PerkView[]> {
  const views = await perkViews(ctx, records ?? (await ctx.storage.perks.list()))
  return views.filter((p) => p.isActive && (p.available === null || p.available > 0))
}
