import { z } from 'zod'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { AccessTokenClaims } from './access-token-verifier'
import { AuthenticationError } from './identity-errors'
import { identityProviderOf } from './identity-provider-of'

export const verifyAccessTokenParametersSchema = z.object({
  /** The bearer access token (`Authorization: Bearer …`). */
  token: z.string(),
})

export type VerifyAccessTokenParameters = z.input<typeof verifyAccessTokenParametersSchema>

export type VerifyAccessTokenReturnType = {
  /** The token's `sub`: `did:loyaltykit:…` or the hosted provider's `did:privy:…`. */
  userId: string
  /** Lowercase 0x address of the user's wallet. */
  walletAddress: string
  /** Whether this server holds the wallet's key (local provider). */
  custodial: boolean
  claims: AccessTokenClaims
}

/**
 * Verifies a bearer access token (signature, `iss`, `aud`, `exp`, `nbf`; see createAccessTokenVerifier)
 * and answers its user and wallet: from the identities stored here, else from the identity provider
 * (a hosted provider's user who never passed through this server). Throws AuthenticationError (401)
 * for a bad token or an unknown user, UnavailableError (503) when no verifier is configured.
 */
export async function verifyAccessToken(
  ctx: EngineContext,
  params: VerifyAccessTokenParameters,
): Promise<VerifyAccessTokenReturnType> {
  const { token } = parseInput(verifyAccessTokenParametersSchema, params)
  const verifier = ctx.identity?.tokens
  if (!verifier)
    throw new UnavailableError('Access tokens are not configured on this server', 'ACCESS_TOKENS_UNAVAILABLE')
  const claims = await verifier.verify(token)
  const accounts = await ctx.storage.identities.findAccountsByUser(claims.sub)
  const account = accounts.find((a) => a.walletAddress !== null)
  if (account?.walletAddress) {
    return {
      userId: claims.sub,
      walletAddress: account.walletAddress,
      custodial: account.walletOwnerKey !== null,
      claims,
    }
  }
  const user = await identityProviderOf(ctx).getUser(claims.sub)
  if (!user?.walletAddress)
    throw new AuthenticationError('The access token names no user with a wallet', 'unknown_user')
  return { userId: claims.sub, walletAddress: user.walletAddress, custodial: user.custodial, claims }
}
