import type { EngineContext } from '../context'
import { getTokenBalance } from '../identity/get-token-balance'
import type { WalletBrandActivity } from '../ports/activity-store'
import type { Brand } from '../ports/brand-store'
import { type AgentUser, findAgentUser } from './find-agent-user'
import { type UserPerk, userPerks } from './user-perks'

/** A user's standing across the network, as user_portfolio and user_recommendations start from it. */
export type UserHoldings = {
  user: AgentUser
  /** Whole tokens on chain (network-wide). */
  balance: number
  /** What they earned and redeemed at each brand. */
  activity: WalletBrandActivity[]
  brands: Brand[]
  /** The perks on offer (`userPerks`), each saying whether the user claimed it to its limit. */
  perks: UserPerk[]
}

/** The user `findAgentUser` finds (404 first), then their balance, activity per brand, the brands and the perks. */
export async function userHoldings(ctx: EngineContext, userId: string): Promise<UserHoldings> {
  const user = await findAgentUser(ctx, userId)
  const [onChain, activity, brands, perks] = await Promise.all([
    getTokenBalance(ctx, { address: user.walletAddress }),
    ctx.storage.activity.walletBrands(user.walletAddress),
    ctx.storage.brands.list(),
    userPerks(ctx, user.walletAddress),
  ])
  return { user, balance: Number(onChain.balance), activity, brands, perks }
}
