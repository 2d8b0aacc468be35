import { z } from 'zod'
import { emailSchema } from '../schemas/email'

/**
 * The site's user as a site plugin sends it: its own user id (a string or an integer; kept as a
 * string), the email whose custodial wallet is the member's, and the display name the leaderboard
 * shows.
 */
export const siteUserSchema = z.object({
  id: z
    .union([z.string().trim().min(1).max(191), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
    .transform(String),
  email: emailSchema,
  displayName: z.string().trim().max(100).optional(),
})

/** The same user as clients send it (no transform). */
export const siteUserRequestSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string(),
  displayName: z.string().optional(),
})
