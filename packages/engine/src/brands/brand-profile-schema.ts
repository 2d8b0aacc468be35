import { z } from 'zod'
import { BRAND_CATEGORIES } from '../ports/brand-store'
import { emailSchema } from '../schemas/email'

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
const noControl = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/

/** The profile a brand shows agents (docs/agent-api.md#storage): category, description, contact email. */
export const brandProfileSchema = {
  category: z.enum(BRAND_CATEGORIES, { error: `must be one of ${BRAND_CATEGORIES.join(', ')}` }),
  /** At most 500 characters; line breaks allowed. */
  description: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters')
    .regex(noControl, 'must not contain control characters'),
  contactEmail: emailSchema,
}
