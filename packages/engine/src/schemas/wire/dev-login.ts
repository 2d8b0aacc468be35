import { z } from 'zod'
import { wireFormats } from './wire-formats'

/** Body of `POST /auth/dev-login` (local identity provider, not in production). */
export const devLoginRequestSchema = z.object({
  /** The user's email: the identity (no password in development). */
  email: z.string(),
})

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
