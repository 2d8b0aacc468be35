import { z } from 'zod'
import { hashApiKey } from '../brands/hash-api-key'
import type { EngineContext } from '../context'
import { LoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'
import type { AdminPrincipal } from './admin-principal'
import { OPERATOR_KEY_PREFIX } from './create-operator-key'

export const authenticateAdminParametersSchema = z.object({
  /** The bearer token as presented (`Authorization: Bearer …`), or the key a session is opened with. */
  token: z.string().optional(),
})

export type AuthenticateAdminParameters = z.input<typeof authenticateAdminParametersSchema>

const invalid = () => new LoyaltyError('Invalid admin key', { code: 'INVALID_ADMIN_KEY', category: 'authentication' })

/**
 * The caller of an admin request (docs/admin-api.md#auth). An `lko_…` token is an operator key, any
 * other a brand API key; both are looked up by their SHA-256 hash through a unique index (no secret is
 * compared byte by byte). No token → 401 ADMIN_KEY_REQUIRED; unknown or revoked → 401
 * INVALID_ADMIN_KEY; a live brand key with neither `admin:read` nor `admin:write` → 403
 * ADMIN_SCOPE_MISSING. What the principal may reach (brand, write) is the caller's to check.
 */
export async function authenticateAdmin(
  ctx: EngineContext,
  params: AuthenticateAdminParameters,
): Promise<AdminPrincipal> {
  const { token } = parseInput(authenticateAdminParametersSchema, params)
  if (token === undefined || token === '') {
    throw new LoyaltyError('Missing Authorization: Bearer <operator key or brand API key>', {
      code: 'ADMIN_KEY_REQUIRED',
      category: 'authentication',
    })
  }
  if (token.length > 256) throw invalid()
  const hash = hashApiKey(token)
  if (token.startsWith(OPERATOR_KEY_PREFIX)) {
    const key = await ctx.storage.operatorKeys.findByHash(hash)
    if (!key || key.revokedAt !== null) throw invalid()
    return { kind: 'operator', keyId: key.id, brandId: null, canWrite: true }
  }
  const key = await ctx.storage.apiKeys.findByHash(hash)
  if (!key || key.revokedAt !== null) throw invalid()
  const canWrite = key.scopes.includes('admin:write')
  if (!canWrite && !key.scopes.includes('admin:read')) {
    throw new LoyaltyError('This API key may not use the admin API (scope admin:read or admin:write)', {
      code: 'ADMIN_SCOPE_MISSING',
      category: 'permission',
      details: { acceptedScopes: ['admin:read', 'admin:write'] },
    })
  }
  return { kind: 'brand', keyId: key.id, brandId: key.brandId.toLowerCase(), canWrite }
}
