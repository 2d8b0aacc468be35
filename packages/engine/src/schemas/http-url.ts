import { z } from 'zod'

/** An absolute http(s) URL (at most 2048 characters), answered parsed as a `URL`. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      ctx.addIssue({ code: 'custom', message: 'must be an http or https URL' })
      return z.NEVER
    }
    return url
  })
