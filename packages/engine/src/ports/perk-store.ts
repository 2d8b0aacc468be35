/** A perk collection created through the engine (`createPerk`): the on-chain collection plus what the chain does not hold. */
export type PerkRecord = {
  /** UUID; the id other surfaces (site plugin, agent API) use for the perk. */
  id: string
  /** On-chain id in the deployment's PerkCollection (ids start at 1). */
  collectionId: number
  brandId: string
  name: string
  description: string | null
  category: string | null
  /** Whole tokens, decimal string (on chain: wei, 18 decimals). */
  price: string
  /** 0 = unlimited. */
  maxSupply: number
  /** 0 = unlimited. */
  maxPerUser: number
  /** Charges each claimed token starts with. */
  charges: number
  /** The createCollection transaction and its block. */
  transactionHash: string
  blockNumber: number
  createdAt: number
  /** Mirrors the collection's `active` on chain (`setActive`); true at creation. */
  isActive: boolean
  /** Free-form labels (agent API `create_perk`). */
  tags: string[]
  /** A code shown to the holder at checkout, or null. */
  discountCode: string | null
  /** Last change (createdAt until then). */
  updatedAt: number
}

/** What `update` may change: the mirror of an on-chain change (price, active) or off-chain details. */
type PerkPatch = {
  /** Whole tokens, decimal string. */
  price?: string
  isActive?: boolean
  description?: string | null
  tags?: string[]
  discountCode?: string | null
}

export interface PerkStore {
  /** Plain insert; `id` and `collectionId` are unique (a duplicate throws the driver's error). */
  create(perk: PerkRecord): Promise<void>
  getByCollectionId(collectionId: number): Promise<PerkRecord | undefined>
  get(id: string): Promise<PerkRecord | undefined>
  /** Oldest first. */
  listForBrand(brandId: string): Promise<PerkRecord[]>
  /** Every brand's perks, oldest first (the agent API's network-wide perk reads). */
  list(): Promise<PerkRecord[]>
  /**
   * One UPDATE of the fields present in `patch` and `updatedAt` (last writer wins per field); answers
   * the record after it, or undefined when no perk has this id.
   */
  update(id: string, patch: PerkPatch, updatedAt: number): Promise<PerkRecord | undefined>
}
