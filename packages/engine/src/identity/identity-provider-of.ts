import type { EngineContext } from '../context'
import type { IdentityProvider } from '../ports/identity-provider'
import { createLocalIdentityProvider } from './local-identity-provider'

/** The engine's identity provider: `ctx.identity.provider`, else the local provider over `ctx`. */
export function identityProviderOf(ctx: EngineContext): IdentityProvider {
  return ctx.identity?.provider ?? createLocalIdentityProvider(ctx)
}
