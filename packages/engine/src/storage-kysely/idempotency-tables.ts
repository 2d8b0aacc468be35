/** The table of idempotency keys (migration 0010-idempotency); conventions of `database.ts`. */
export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable
}

/** Primary key (scope, key). */
interface IdempotencyKeysTable {
  scope: string
  key: string
  /** Hex SHA-256 of the request (method, path, raw body) that first used the key. */
  request_hash: string
  /** The claimant holding the lock, or the one that stored the answer. */
  claim_id: string
  /** `in_progress` or `completed`. */
  state: string
  response_status: number | null
  /** JSON object of lowercase header names to values. */
  response_headers: string | null
  response_body: string | null
  created_at: number
  completed_at: number | null
  /** In progress: when the lock runs out; completed: when the answer expires. */
  expires_at: number
}
