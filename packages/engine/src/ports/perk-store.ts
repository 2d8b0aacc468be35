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
}
