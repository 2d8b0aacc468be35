/**
 * Who calls the admin API (docs/admin-api.md#auth): an operator key (every brand, read and write) or a
 * brand API key with `admin:read` (reads) or `admin:write` (everything) for its own brand only.
 */
export type AdminPrincipal =
  | { kind: 'operator'; keyId: string; brandId: null; canWrite: true }
  | { kind: 'brand'; keyId: string; brandId: string; canWrite: boolean }
