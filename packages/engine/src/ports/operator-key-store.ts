/**
 * An operator key (docs/admin-api.md#operator-keys): a bearer secret that manages every brand through
 * the admin API. Only the SHA-256 hash of the secret is stored; the id is public (listings, revoke).
 */
export type OperatorKeyRecord = {
  /** `opk_` + 24 hex digits. */
  id: string
  name: string
  /** SHA-256 hex of the secret; unique. */
  keyHash: string
  /** First characters of the secret, to tell keys apart in listings. */
  prefix: string
  createdAt: number
  revokedAt: number | null
}

/** Concurrency: every method is one statement; `revoke` is atomic (one conditional UPDATE). */
export interface OperatorKeyStore {
  /** Plain insert; id and `keyHash` are unique (a duplicate throws the driver's error). */
  create(key: OperatorKeyRecord): Promise<void>
  /** Also answers revoked keys: callers check `revokedAt`. */
  findByHash(keyHash: string): Promise<OperatorKeyRecord | undefined>
  /** Oldest first. */
  list(): Promise<OperatorKeyRecord[]>
  /** Atomic: sets `revokedAt` once; true only for the call that revoked it (false if unknown or already revoked). */
  revoke(id: string, at: number): Promise<boolean>
}
