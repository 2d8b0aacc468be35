import { z } from 'zod'

/**
 * A webhook endpoint URL: absolute http(s), at most 2048 characters, no credentials (fetch refuses
 * them; put a token in the path or query instead). Answered normalised, without a fragment.
 */
export const webhookUrlSchema = z
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
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials (user:password@)' })
      return z.NEVER
    }
    url.hash = ''
    return url.href
  })
