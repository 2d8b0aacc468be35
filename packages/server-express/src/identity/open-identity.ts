import {
  type AccessTokenKeySource,
  createAccessTokenVerifier,
  createLocalTokenIssuer,
  createPrivyIdentityProvider,
  type IdentityServices,
  type Logger,
} from '@loyaltykit/engine'
import type { IdentityConfig } from '../config/identity-section'
import { loadIdentitySigningKey } from './identity-signing-key'

/**
 * The engine's identity services for a server: the hosted provider when configured (else the engine's
 * local provider), the access-token verifier (PEM key, JWKS URL, or the local signing key), and the
 * development issuer when development login is allowed.
 */
export async function openIdentity(p: {
  config: IdentityConfig
  dataDir: string
  logger: Logger
}): Promise<IdentityServices> {
  const { config } = p
  const services: IdentityServices = {}
  if (config.privy) services.provider = createPrivyIdentityProvider(config.privy)
  const { source, issuer, audience } = config.tokens
  let keys: AccessTokenKeySource
  if (source.kind === 'local') {
    const privateJwk = await loadIdentitySigningKey({
      configured: config.signingKey,
      dataDir: p.dataDir,
      logger: p.logger,
    })
    const local = await createLocalTokenIssuer({ privateJwk, issuer, audience })
    keys = { kind: 'jwk', jwk: local.publicJwk }
    if (config.devLogin) services.devIssuer = local
  } else {
    keys = source
  }
  services.tokens = createAccessTokenVerifier({ keys, issuer, audience })
  return services
}
