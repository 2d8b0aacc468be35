/** A purchase constraint declared on a perk collection: ask `apiUrl` whether a user may purchase. */
export type PerkConstraint = {
  /** On-chain id of the collection in the deployment's PerkCollection contract. */
  collectionId: number
  brandId: string
  kind: 'external_api'
  /** Normalised http(s) URL. */
  apiUrl: string
  createdAt: number
  updatedAt: number
}

/** A cached answer of an external constraint API for one (apiUrl, user, collection). */
export type ConstraintCacheEntry = {
  apiUrl: string
  /** Lowercase 0x address. */
  userAddress: string
  collectionId: number
  brandId: string
  allowed: boolean
  reason: string | null
  checkedAt: number
  expiresAt: number
}

export interface ConstraintStore {
  /** Insert or replace the constraint of a collection (one statement). */
  putConstraint(constraint: PerkConstraint): Promise<void>
  getConstraint(collectionId: number): Promise<PerkConstraint | undefined>
  /** True when a constraint was deleted. Its cached answers are deleted too. */
  deleteConstraint(collectionId: number): Promise<boolean>
  listConstraints(brandId: string): Promise<PerkConstraint[]>
  /** The entry when present and `expiresAt > now`. */
  getCached(p: {
    apiUrl: string
    userAddress: string
    collectionId: number
    now: number
  }): Promise<ConstraintCacheEntry | undefined>
  /** Insert or replace (last writer wins; every writer holds a fresh answer). */
  putCached(entry: ConstraintCacheEntry): Promise<void>
  /**
   * Deletes the entries of `apiUrl` (optionally of one user, one collection, one brand) in one
   * statement and answers how many of them were still fresh (`expiresAt > now`). Shared by every
   * server process, so an invalidation reaches all of them.
   */
  invalidate(p: {
    apiUrl: string
    userAddress?: string
    collectionId?: number
    brandId?: string
    now: number
  }): Promise<number>
}
