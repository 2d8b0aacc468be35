import { z } from 'zod'
import { httpUrlSchema } from '../schemas/http-url'

/**
 * A webhook endpoint URL: absolute http(s), at most 2048 characters, no credentials (fetch refuses
 * them; put a token in the path or query instead). Answered normalised, without a fragment.
 */
export const webhookUrlSchema = httpUrlSchema.transform((url, ctx) => {
  if (url.username !== '' || url.password !== '') {
    ctx.addIssue({ code: 'custom', message: 'must not contain credentials (user:password@)' })
    return z.NEVER
  }
  url.hash = ''
  return url.href
})
