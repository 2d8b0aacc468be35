/** Tables of the durable minting pipeline (migration 0002-minting). Owned by src/minting. */
export interface MintingTables {}
