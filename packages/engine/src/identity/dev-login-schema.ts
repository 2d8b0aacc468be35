import { z } from 'zod'
import { emailSchema } from '../schemas/email'
import { wireFormats } from '../schemas/wire-formats'

/** Body of `POST /auth/dev-login` (local identity provider, not in production). */
export const devLoginParametersSchema = z.object({
  /** The user's email: the identity (no password in development). */
  email: emailSchema,
})

export type DevLoginParameters = z.input<typeof devLoginParametersSchema>

/** 200 body of `POST /auth/dev-login`. */
export const devLoginResponseSchema = z.object({
  /** ES256 JWT of the local issuer: `Authorization: Bearer <accessToken>` for /wallet and /relay. */
  accessToken: z.string(),
  /** The user's custodial wallet (the same one the email's rewards go to). */
  walletAddress: wireFormats.address,
  /** `did:loyaltykit:<uuid>`. */
  userId: z.string(),
  /** When the token expires, epoch seconds. */
  expiresAt: z.number().int(),
})
