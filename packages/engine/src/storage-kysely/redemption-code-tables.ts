/** Confirmation codes of perk claims (migration 0014-redemption-codes); conventions of `database.ts`. */
export interface RedemptionCodeTables {
  redemption_codes: RedemptionCodesTable
}

/** Primary key `code`; unique (collection_id, token_id): one code per claim. */
export interface RedemptionCodesTable {
  code: string
  collection_id: string
  token_id: string
  created_at: number
}
