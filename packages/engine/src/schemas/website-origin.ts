import { z } from 'zod'

/** An http(s) URL, answered as its origin (`https://Shop.Example:443/a?b` → `https://shop.example`). */
export const websiteOriginSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an http or https URL' })
      return z.NEVER
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      ctx.addIssue({ code: 'custom', message: 'must be an http or https URL' })
      return z.NEVER
    }
    return url.origin
  })
