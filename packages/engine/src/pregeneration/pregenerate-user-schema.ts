import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { OAUTH_PROVIDERS } from './oauth-providers'

/**
 * Body of `POST /loyalty-api/pregenerate-user`. `pregenerateUser` checks it field by field, in the
 * order and with the error bodies of the spec (`parsePregenerateRequest`: a provider is matched
 * case-insensitively, a leading `@` of the username dropped); this schema is the shape clients send.
 */
export const pregenerateUserParametersSchema = z.object({
  /** The brand id: a 0x address. */
  brand_id: z.string(),
  oauth_provider: z.enum(OAUTH_PROVIDERS),
  /** The platform's user id (not an email or username); large numeric ids as strings. */
  oauth_user_id: z.string(),
  /** Recommended: validated against the platform's username rules (a leading `@` is dropped). */
  oauth_username: z.string().optional(),
  /** Stored with the pregeneration event. */
  metadata: z.record(z.string(), z.unknown()).optional(),
})

export type PregenerateUserParameters = z.input<typeof pregenerateUserParametersSchema>

/** 200 body of `POST /loyalty-api/pregenerate-user` (get-or-create: repeats answer `created_new: false`). */
export const pregenerateUserResponseSchema = z.object({
  success: z.literal(true),
  /** Permanently linked to (oauth_provider, oauth_user_id). */
  wallet_address: wireFormats.address,
  /** The identity's user id (`did:` form). */
  privy_user_id: z.string(),
  /** One of the eight provider identifiers (lowercase). */
  oauth_provider: z.string(),
  oauth_user_id: z.string(),
  /** True when this call created the wallet. */
  created_new: z.boolean(),
  message: z.string(),
  next_steps: z.array(z.string()),
})
