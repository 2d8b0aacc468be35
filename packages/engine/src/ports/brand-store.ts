export type Brand = {
  /** A lowercase 0x address. */
  id: string
  name: string
  /** Website URLs authorised for the brand (origins like `https://shop.example`). */
  websites: string[]
  createdAt: number
}

export interface BrandStore {
  /** Atomic: throws ConflictError (code BRAND_EXISTS) when the id is taken. */
  create(brand: Brand): Promise<void>
  get(id: string): Promise<Brand | undefined>
  list(): Promise<Brand[]>
  updateWebsites(id: string, websites: string[]): Promise<void>
}
