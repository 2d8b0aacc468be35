import { z } from 'zod'
import { brandIdSchema } from '../schemas/brand-id'
import { wireFormats } from '../schemas/wire-formats'
import { memberIdentifierSchema } from './member-identifier'

/** `GET /loyalty-api/members/:emailOrAddress[?brandId=]`. */
export const getMemberParametersSchema = z.object({
  /** The member: an email (its custodial wallet) or a 0x wallet address. */
  emailOrAddress: memberIdentifierSchema,
  /** Optional: when given it must be the API key's brand (403 otherwise); the key names the brand anyway. */
  brandId: brandIdSchema.optional(),
})

export type GetMemberParameters = z.input<typeof getMemberParametersSchema>

/** Path and query of `GET /loyalty-api/members/:emailOrAddress` as clients send them. */
export const getMemberRequestSchema = z.object({
  emailOrAddress: z.string(),
  brandId: z.string().optional(),
})

const uintString = z.string().regex(/^\d+$/, 'must be a decimal integer string')

/** A member's totals at the caller's brand, in whole tokens, from the ledger (docs/ledger.md). */
export const memberTotalsSchema = z.object({
  /** Rewards granted by the brand's rules (events, bulk, check-ins…), whatever their status. */
  earned: z.number().int(),
  /** Points bought at the brand (payment-mint, Stripe). */
  bought: z.number().int(),
  /** Mints the operator or an agent granted at the brand. */
  granted: z.number().int(),
  /** Points spent on the brand's perks (a positive number). */
  redeemed: z.number().int(),
  /** Points burned back on refunds of the brand's payments (a positive number). */
  clawedBack: z.number().int(),
  /** Points received through relayed transfers the brand is party to. */
  transferredIn: z.number().int(),
  /** Points sent through relayed transfers the brand is party to (a positive number). */
  transferredOut: z.number().int(),
  /** Of the above, what is not on chain yet (pending or failed mints, net). */
  unconfirmed: z.number().int(),
  /** Ledger entries counted. */
  entries: wireFormats.count,
})

/** 200 body of `GET /loyalty-api/members/:emailOrAddress`. */
export const getMemberResponseSchema = z.object({
  /** The caller's brand: every total below is at this brand only. */
  brandId: wireFormats.address,
  walletAddress: wireFormats.address,
  /** The email the member was asked by (normalised); null when asked by address. */
  email: z.string().nullable(),
  /**
   * The wallet's on-chain points balance (`balanceOf` of the points token, whole tokens as a decimal
   * string): NETWORK-WIDE, every brand's points together, since one token serves every brand.
   */
  balance: z.string(),
  /** The same in wei (18 decimals). */
  balanceWei: uintString,
  /** The points token's address. */
  token: wireFormats.address,
  totals: memberTotalsSchema,
  /** The member's first and last ledger entry at this brand. */
  firstActivityAt: wireFormats.isoTimestamp,
  lastActivityAt: wireFormats.isoTimestamp,
})
