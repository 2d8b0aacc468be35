/**
 * Tables of identities, pregenerations and purchase constraints (migration 0006-identity). Column
 * conventions are those of `database.ts`: BIGINT epoch ms, INTEGER 0/1 booleans, TEXT JSON, lowercase
 * TEXT addresses.
 */
export interface IdentityTables {
  identity_accounts: IdentityAccountsTable
  pregenerations: PregenerationsTable
  perk_constraints: PerkConstraintsTable
  constraint_cache: ConstraintCacheTable
}

export interface IdentityAccountsTable {
  /** Wallet owner key, e.g. `oauth:discord:80351110224678912`. */
  owner_key: string
  /** `pending` or `ready`. */
  status: string
  user_id: string | null
  provider: string | null
  wallet_address: string | null
  wallet_owner_key: string | null
  username: string | null
  claim_token: string | null
  claimed_at: number
  created_at: number
  updated_at: number
}

/** Primary key (oauth_provider, oauth_user_id). */
export interface PregenerationsTable {
  oauth_provider: string
  oauth_user_id: string
  brand_id: string
  user_id: string
  wallet_address: string
  oauth_username: string | null
  /** JSON object, or null. */
  metadata: string | null
  created_at: number
}

export interface PerkConstraintsTable {
  collection_id: number
  brand_id: string
  kind: string
  api_url: string
  created_at: number
  updated_at: number
}

/** Primary key (api_url, user_address, collection_id). */
export interface ConstraintCacheTable {
  api_url: string
  user_address: string
  collection_id: number
  brand_id: string
  allowed: number
  reason: string | null
  checked_at: number
  expires_at: number
}
