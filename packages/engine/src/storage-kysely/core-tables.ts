/**
 * Tables of brands, rules, wallets, keys and settings (migration 0001-core). Column conventions are
 * those of `database.ts`: BIGINT epoch ms, INTEGER 0/1 booleans, TEXT JSON, lowercase TEXT addresses.
 */
export interface CoreTables {
  brands: BrandsTable
  event_rules: EventRulesTable
  wallets: WalletsTable
  api_keys: ApiKeysTable
  brand_secrets: BrandSecretsTable
  settings: SettingsTable
}

export interface BrandsTable {
  /** Lowercase 0x address. */
  id: string
  name: string
  /** JSON array of origins. */
  websites: string
  created_at: number
  /** `retail|dining|travel|gaming|other` or null (migration 0018). */
  category: string | null
  description: string | null
  contact_email: string | null
  /** The agent key that onboarded the brand (`POST /api/v1/onboarding/brands`), else null. */
  onboarded_by_agent_key_id: string | null
  /** Null only on rows written before 0017 ran in another process; read as created_at. */
  updated_at: number | null
}

/** Primary key (brand_id, event_type). */
export interface EventRulesTable {
  brand_id: string
  event_type: string
  event_id: string
  reward_amount: number
  max_claims: number
  cooldown_hours: number
  max_total_claims: number | null
  detection_method: string
  /** JSON DetectionConfig. */
  detection_config: string
  is_custom: number
  enabled: number
  updated_at: number
}

export interface WalletsTable {
  id: string
  /** Unique, lowercase 0x address. */
  address: string
  /** Unique, e.g. `email:ann@example.com`. */
  owner_key: string
  /** KeyVault ciphertext of the private key; never the key itself. */
  encrypted_key: string
  created_at: number
}

export interface ApiKeysTable {
  id: string
  brand_id: string
  /** JSON array of ApiKeyScope. */
  scopes: string
  /** Unique SHA-256 hex of the key. */
  key_hash: string
  prefix: string
  created_at: number
  revoked_at: number | null
}

/** Primary key (brand_id, kind). */
interface BrandSecretsTable {
  brand_id: string
  kind: string
  /** KeyVault ciphertext. */
  ciphertext: string
  updated_at: number
}

interface SettingsTable {
  key: string
  value: string
  updated_at: number
}
