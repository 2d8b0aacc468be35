/** Tables of brands, rules, wallets, keys and settings (migration 0001-core). */
export interface CoreTables {}
