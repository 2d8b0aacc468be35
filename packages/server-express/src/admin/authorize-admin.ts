import { type AdminPrincipal, LoyaltyError, NotFoundError } from '@loyaltykit/engine'
import type { AdminAccess } from './admin-operation'

/**
 * Object-level authorization of an admin request (docs/admin-api.md#auth). A brand key naming another
 * brand in the path gets the 404 an unknown brand gets (BRAND_NOT_FOUND, same message: whether that
 * brand exists is not told), checked before the key's scope; then a read-only key on a write route →
 * 403 ADMIN_WRITE_REQUIRED, a brand key on an operator route → 403 OPERATOR_KEY_REQUIRED.
 */
export function authorizeAdmin(principal: AdminPrincipal, access: AdminAccess, brandId: string | undefined): void {
  if (principal.kind === 'operator' || access === 'none') return
  if (brandId !== undefined && brandId.toLowerCase() !== principal.brandId) {
    throw new NotFoundError(`Brand ${brandId} not found`, 'BRAND_NOT_FOUND', { brandId })
  }
  if (access === 'operator') {
    throw new LoyaltyError('Only an operator key may do this', {
      code: 'OPERATOR_KEY_REQUIRED',
      category: 'permission',
    })
  }
  if (access === 'write' && !principal.canWrite) {
    throw new LoyaltyError('This API key may only read (scope admin:read); this needs admin:write', {
      code: 'ADMIN_WRITE_REQUIRED',
      category: 'permission',
    })
  }
}
