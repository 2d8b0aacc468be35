import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { getTokenBalance, type TokenBalance } from './get-token-balance'
import { type GetUserWalletParameters, getUserWalletParametersSchema } from './get-user-wallet-schema'
import type { VerifyAccessTokenReturnType } from './verify-access-token'

export type GetUserWalletOptions = {
  /** The caller, from `verifyAccessToken`. */
  user: Pick<VerifyAccessTokenReturnType, 'userId' | 'walletAddress' | 'custodial'>
}

export type GetUserWalletReturnType = TokenBalance & {
  userId: string
  /** The user's wallet (lowercase 0x address). */
  address: string
  /** Whether this server holds the wallet's key (it can sign permits for it). */
  custodial: boolean
}

/** The signed-in user's wallet and its points balance (read from the chain). */
export async function getUserWallet(
  ctx: EngineContext,
  params: GetUserWalletParameters,
  options: GetUserWalletOptions,
): Promise<GetUserWalletReturnType> {
  parseInput(getUserWalletParametersSchema, params)
  const { user } = options
  const balance = await getTokenBalance(ctx, { address: user.walletAddress })
  return { userId: user.userId, address: user.walletAddress, custodial: user.custodial, ...balance }
}
