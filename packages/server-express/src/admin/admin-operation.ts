import type { ApiOperation } from '../openapi/api-operation'

/** Where the admin API is mounted (docs/admin-api.md); fixed: the dashboard and `client.admin` call it there. */
export const ADMIN_BASE_PATH = '/admin/v1'

/**
 * Who may call a route (docs/admin-api.md#auth): `read` any admin caller (operator key, brand key with
 * `admin:read` or `admin:write`), `write` an operator key or a brand key with `admin:write`, `operator`
 * an operator key only, `none` anyone (opening a dashboard session). A `:brandId` in the path must be a
 * brand key's own brand (else 404).
 */
export type AdminAccess = 'none' | 'read' | 'write' | 'operator'

/** An admin route: its OpenAPI operation (full path) and who may call it. */
export type AdminOperation = ApiOperation & { access: AdminAccess }

/** An admin operation at `ADMIN_BASE_PATH + path`, in the admin error shape, with the admin key as its auth. */
export function adminOperation(op: Omit<AdminOperation, 'tag' | 'auth' | 'errors'>): AdminOperation {
  return {
    ...op,
    path: `${ADMIN_BASE_PATH}${op.path}`,
    tag: 'Admin',
    auth: op.access === 'none' ? [] : ['adminKey'],
    errors: 'admin',
  }
}
