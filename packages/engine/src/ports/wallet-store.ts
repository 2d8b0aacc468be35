export type WalletOwner = { kind: 'email'; email: string } | { kind: 'oauth'; provider: string; userId: string }

export type CustodialWallet = {
  id: string
  /** Lowercase 0x address. */
  address: string
  /** Canonical owner key, e.g. `email:ann@example.com` or `oauth:discord:80351110224678912`. */
  ownerKey: string
  /** Private key encrypted by the KeyVault. */
  encryptedKey: string
  createdAt: number
}

export interface WalletStore {
  /**
   * Atomic: of concurrent callers with the same ownerKey, exactly one inserts; every caller gets the
   * one stored row, and `created` is true only for the caller whose row was stored. Made so by
   * `insert … on conflict (owner_key) do nothing` then a select, never read-then-insert. An address
   * already held by another owner throws (the unique constraint).
   */
  insertIfAbsent(wallet: CustodialWallet): Promise<{ wallet: CustodialWallet; created: boolean }>
  findByOwner(ownerKey: string): Promise<CustodialWallet | undefined>
  findByAddress(address: string): Promise<CustodialWallet | undefined>
}
