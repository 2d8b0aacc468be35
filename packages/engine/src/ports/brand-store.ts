export type Brand = {
  /** A lowercase 0x address. */
  id: string
  name: string
  /** Website URLs authorised for the brand (origins like `https://shop.example`). */
  websites: string[]
  createdAt: number
}

export interface BrandStore {
  /** Atomic: throws ConflictError (code BRAND_EXISTS) when the id is taken; never aborts an enclosing transaction. */
  create(brand: Brand): Promise<void>
  get(id: string): Promise<Brand | undefined>
  /** Oldest first. */
  list(): Promise<Brand[]>
  /** Throws NotFoundError (code BRAND_NOT_FOUND) when the brand does not exist. */
  updateWebsites(id: string, websites: string[]): Promise<void>
}
