/** What a brand sells (agent-api.md "Categories"). */
export const BRAND_CATEGORIES = ['retail', 'dining', 'travel', 'gaming', 'other'] as const

export type BrandCategory = (typeof BRAND_CATEGORIES)[number]

export type Brand = {
  /** A lowercase 0x address. */
  id: string
  name: string
  /** Website URLs authorised for the brand (origins like `https://shop.example`). */
  websites: string[]
  createdAt: number
  category: BrandCategory | null
  /** At most 500 characters. */
  description: string | null
  contactEmail: string | null
  /** The agent key that onboarded the brand through the agent API, else null. */
  onboardedByAgentKeyId: string | null
  /** Last change of name or profile (createdAt until then). */
  updatedAt: number
}

/** The profile fields a brand update may change; absent keeps the value, null clears it (name: never null). */
export type BrandProfilePatch = {
  name?: string
  category?: BrandCategory | null
  description?: string | null
  contactEmail?: string | null
}

/** A brand to insert: profile fields left out are stored null, `updatedAt` left out is `createdAt`. */
type NewBrand = Pick<Brand, 'id' | 'name' | 'websites' | 'createdAt'> &
  Partial<Omit<Brand, 'id' | 'name' | 'websites' | 'createdAt'>>

export interface BrandStore {
  /** Atomic: throws ConflictError (code BRAND_EXISTS) when the id is taken; never aborts an enclosing transaction. */
  create(brand: NewBrand): Promise<void>
  get(id: string): Promise<Brand | undefined>
  /** Oldest first. */
  list(): Promise<Brand[]>
  /** Throws NotFoundError (code BRAND_NOT_FOUND) when the brand does not exist. */
  updateWebsites(id: string, websites: string[]): Promise<void>
  /**
   * One UPDATE of the fields present in `patch` and `updated_at` (last writer wins per field); answers
   * the brand as stored after it. Throws NotFoundError (code BRAND_NOT_FOUND) when the brand does not exist.
   */
  updateProfile(id: string, patch: BrandProfilePatch, updatedAt: number): Promise<Brand>
}
