/**
 * What a bearer API key may be used for. `constraints`: constraint-cache invalidation; `dns`: the
 * `_loyalty.<domain>` TXT record; `events`: the brand's own servers (trusted events, and the member
 * reads); `members_read`: the member reads only (members, their history, the reward events list);
 * `site`: the upstream site API only (a site plugin's key: check-ins, milestones, redeem, leaderboard);
 * `perk_charges`, `agent`: reserved for those surfaces; `admin:read`: the admin API's reads of the key's
 * brand (docs/admin-api.md); `admin:write`: every admin route of the key's brand (reads too).
 */
export type ApiKeyScope =
  | 'events'
  | 'constraints'
  | 'dns'
  | 'perk_charges'
  | 'agent'
  | 'members_read'
  | 'site'
  | 'admin:read'
  | 'admin:write'

export type ApiKeyRecord = {
  id: string
  brandId: string
  /** Non-empty; what the key may be used for. */
  scopes: ApiKeyScope[]
  /** SHA-256 hex of the key; the key itself is shown once and never stored. */
  keyHash: string
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string
  createdAt: number
  revokedAt: number | null
}

export type BrandSecretKind = 'security_key' | 'webhook_secret'

export interface ApiKeyStore {
  /** Plain insert; `keyHash` is unique (a duplicate throws the driver's error). */
  create(key: ApiKeyRecord): Promise<void>
  /** Also answers revoked keys: callers check `revokedAt`. */
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>
  /** Oldest first. */
  listForBrand(brandId: string): Promise<ApiKeyRecord[]>
  /** Atomic: sets `revokedAt` once; true only for the call that revoked it (false if unknown or already revoked). */
  revoke(id: string, at: number): Promise<boolean>
  /** Insert or replace (one statement). Secrets that must be usable later (HMAC keys) are KeyVault ciphertexts. */
  setSecret(brandId: string, kind: BrandSecretKind, ciphertext: string, at: number): Promise<void>
  getSecret(brandId: string, kind: BrandSecretKind): Promise<string | undefined>
  /** When the secret was last set (issued or rotated), or undefined when there is none. */
  getSecretSetAt(brandId: string, kind: BrandSecretKind): Promise<number | undefined>
}
