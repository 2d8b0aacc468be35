import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { proofFactsSchema } from './proof-facts-schema'

/**
 * `GET /loyalty-api/redemptions/:redemptionId`: the claim as the ledger names it,
 * `<collectionId>:<tokenId>`, or the confirmation code a redemption handed the user. Anything else is 404.
 */
export const getRedemptionProofParametersSchema = z.object({
  redemptionId: z.string().trim().min(1, 'redemptionId is required').max(200),
})

export type GetRedemptionProofParameters = z.input<typeof getRedemptionProofParametersSchema>

/** 200 body of `GET /loyalty-api/redemptions/:redemptionId`: the proof of one perk claim. */
export const getRedemptionProofResponseSchema = proofFactsSchema.extend({
  redemption: z.object({
    /** `<collectionId>:<tokenId>`: the claimed token, which is claimed once. */
    id: z.string(),
    collectionId: z.string(),
    tokenId: z.string(),
    /** The perk (UUID) and its name, when it was created on this server. */
    perkId: z.string().nullable(),
    perkName: z.string().nullable(),
    /** The brand the perk belongs to (it received the price). */
    brandId: wireFormats.address.nullable(),
    /** Whole tokens paid (0 for a free perk); `amount` is its negative. */
    price: wireFormats.count,
    /** Index in its block of the `PerkClaimed` log. */
    claimLogIndex: z.number().int().nonnegative().nullable(),
    /** Who sent the claim: `relay` (the user's relayed `claimFor`), `agent`, `site`. */
    channel: z.string().nullable(),
    /** The code the redemption handed the user; null when masked or when it has none. */
    confirmationCode: z.string().nullable(),
    /** The claimer's email, masked (`a***@example.com`) unless the request carries the brand's API key; null when the wallet is not an email's. */
    userEmail: z.string().nullable(),
    /** The claimer as the ledger names them (`email:…`, `oauth:discord:…`); null when masked or unknown. */
    userKey: z.string().nullable(),
    /** When the claim was recorded. */
    createdAt: wireFormats.isoTimestamp,
  }),
})
