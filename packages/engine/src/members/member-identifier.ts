import { z } from 'zod'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import type { Stores } from '../ports/storage'
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

/**
 * The wallet whose ledger entries are the member's: the address itself, or the custodial wallet of
 * the email (through an explicit identity link, as the wallet API resolves it); undefined when the
 * email has no wallet. A step (reads `stores`), not an operation.
 */
export async function memberWalletAddress(
  stores: Pick<Stores, 'identities' | 'wallets'>,
  member: MemberIdentifier,
): Promise<string | undefined> {
  if (member.kind === 'address') return member.address
  const ownerKey = await resolveWalletOwnerKey(stores, `email:${member.email}`)
  return (await stores.wallets.findByOwner(ownerKey))?.address.toLowerCase()
}
