import type { EngineContext } from '../context'
import type { Brand, BrandCategory } from '../ports/brand-store'
import type { PerkRecord } from '../ports/perk-store'
import type { AgentCaller } from './agent-tool'
import { type CommerceMatch, commerceMatch } from './commerce-match'
import { findPersonalUser, type PersonalUser } from './find-personal-user'

/** What best_deals and route_purchase start from: the personal user (or null), the intent's match, every brand and perk record. */
export type CommerceIntent = {
  user: PersonalUser | null
  match: CommerceMatch
  brands: Brand[]
  records: PerkRecord[]
}

/**
 * The opening of the commerce tools that read a shopping intent: the user `findPersonalUser` finds
 * (its 401/404 first), the intent's `commerceMatch`, then the brands and perk records.
 */
export async function commerceIntent(
  ctx: EngineContext,
  caller: AgentCaller,
  input: { intent: string; category?: BrandCategory | undefined; userId?: string | undefined },
): Promise<CommerceIntent> {
  const user = await findPersonalUser(ctx, caller, input.userId)
  const match = commerceMatch(input)
  const [brands, records] = await Promise.all([ctx.storage.brands.list(), ctx.storage.perks.list()])
  return { user, match, brands, records }
}
