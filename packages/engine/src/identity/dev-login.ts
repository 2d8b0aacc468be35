import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type DevLoginParameters, devLoginParametersSchema } from './dev-login-schema'
import { ensureIdentity } from './ensure-identity'
import { DevLoginDisabledError } from './identity-errors'
import { identityProviderOf } from './identity-provider-of'

export type DevLoginReturnType = {
  /** ES256 JWT of the local issuer (`sub` = userId). */
  accessToken: string
  /** Lowercase 0x address of the user's custodial wallet. */
  walletAddress: string
  /** `did:loyaltykit:<uuid>`. */
  userId: string
  /** Epoch seconds. */
  expiresAt: number
}

/**
 * Development login of the local identity provider: no password, the email is the identity. Creates
 * the identity and custodial wallet on first use (the email's wallet: the same one its rewards go
 * to) and answers an access token. Refused (DevLoginDisabledError, 403) without `ctx.identity.devIssuer`
 * (the server gives none when NODE_ENV=production) or with a hosted identity provider.
 */
export async function devLogin(ctx: EngineContext, params: DevLoginParameters): Promise<DevLoginReturnType> {
  const issuer = ctx.identity?.devIssuer
  if (!issuer)
    throw new DevLoginDisabledError('Development login is not available on this server (NODE_ENV=production?)')
  if (identityProviderOf(ctx).name !== 'local') {
    throw new DevLoginDisabledError('Development login needs the local identity provider')
  }
  const { email } = parseInput(devLoginParametersSchema, params, 'Invalid login request')
  const identity = await ensureIdentity(ctx, { kind: 'email', email })
  const { token, expiresAt } = await issuer.issue({ subject: identity.userId, claims: { email } })
  return { accessToken: token, walletAddress: identity.walletAddress, userId: identity.userId, expiresAt }
}
