/** Tables of the admin API (migration 0029-operator-keys); conventions of `database.ts`. */
export interface AdminTables {
  operator_keys: OperatorKeysTable
}

export interface OperatorKeysTable {
  /** `opk_…`, primary key. */
  id: string
  name: string
  /** SHA-256 hex of the secret, unique. */
  key_hash: string
  prefix: string
  created_at: number
  revoked_at: number | null
}
