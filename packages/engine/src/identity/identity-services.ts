import type { IdentityProvider } from '../ports/identity-provider'
import type { AccessTokenVerifier } from './access-token-verifier'
import type { LocalTokenIssuer } from './local-token-issuer'

/**
 * The identity side of an engine (`ctx.identity`): where identities and wallets come from, how
 * bearer access tokens are verified, and (development only) the local token issuer.
 */
export type IdentityServices = {
  /** A hosted provider (Privy); absent: the local provider over the engine's context (custodial wallets). */
  provider?: IdentityProvider
  /** Verifies `Authorization: Bearer` access tokens (relayer, user wallet API). Absent: tokens are refused (503). */
  tokens?: AccessTokenVerifier
  /** Signs tokens for `POST /auth/dev-login`. Present only where development login is allowed. */
  devIssuer?: LocalTokenIssuer
}
