export type ApiKeyScope = 'events' | 'constraints' | 'dns' | 'perk_charges' | 'agent'

export type ApiKeyRecord = {
  id: string
  brandId: string
  scope: ApiKeyScope
  /** SHA-256 hex of the key; the key itself is shown once and never stored. */
  keyHash: string
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string
  createdAt: number
  revokedAt: number | null
}

export type BrandSecretKind = 'security_key' | 'webhook_secret'

export interface ApiKeyStore {
  create(key: ApiKeyRecord): Promise<void>
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>
  listForBrand(brandId: string): Promise<ApiKeyRecord[]>
  revoke(id: string, at: number): Promise<void>
  /** Secrets that must be usable later (HMAC keys) are stored encrypted by the KeyVault. */
  setSecret(brandId: string, kind: BrandSecretKind, ciphertext: string): Promise<void>
  getSecret(brandId: string, kind: BrandSecretKind): Promise<string | undefined>
}
