import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/** `GET /wallet` takes no input besides the Bearer access token. */
export const getUserWalletParametersSchema = z.object({})

export type GetUserWalletParameters = z.input<typeof getUserWalletParametersSchema>

/** 200 body of `GET /wallet` (Bearer access token): the user's wallet and points balance. */
export const getUserWalletResponseSchema = z.object({
  success: z.literal(true),
  /** The token's subject (`did:…`). */
  userId: z.string(),
  /** The user's wallet (lowercase 0x address). */
  address: wireFormats.address,
  /** Whether this server holds the wallet's key (it can sign permits for it). */
  custodial: z.boolean(),
  /** Whole tokens as a decimal string (may carry a fraction), e.g. `"150"`. */
  balance: z.string(),
  /** The same in wei (18 decimals), decimal string. */
  balanceWei: z.string().regex(/^\d+$/),
  /** The points token's address. */
  token: wireFormats.address,
})
