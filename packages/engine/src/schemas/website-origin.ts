import { httpUrlSchema } from './http-url'

/** An http(s) URL, answered as its origin (`https://Shop.Example:443/a?b` → `https://shop.example`). */
export const websiteOriginSchema = httpUrlSchema.transform((url) => url.origin)
