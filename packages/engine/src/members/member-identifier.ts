import { z } from 'zod'
import { emailSchema } from '../schemas/email'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A member as a request names it: an email (its custodial wallet) or a wallet address. */
export type MemberIdentifier = { kind: 'email'; email: string } | { kind: 'address'; address: string }

/**
 * `:emailOrAddress` of the member paths (and `user` of the events list): a 0x address (any case;
 * answered lowercase) or an email (normalised as everywhere: trimmed, NFC, lowercase).
 */
export const memberIdentifierSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .transform((value, ctx): MemberIdentifier => {
    if (ADDRESS.test(value)) return { kind: 'address', address: value.toLowerCase() }
    const email = emailSchema.safeParse(value)
    if (email.success) return { kind: 'email', email: email.data }
    ctx.addIssue({ code: 'custom', message: 'must be an email or a 0x wallet address' })
    return z.NEVER
  })
