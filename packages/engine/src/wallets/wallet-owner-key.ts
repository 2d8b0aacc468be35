import { z } from 'zod'
import { parseInput } from '../errors/zod-issues'
import type { WalletOwner } from '../ports/wallet-store'
import { emailSchema } from '../schemas/email'

/** An email, or an OAuth identity (provider name, the platform's user id). */
export const walletOwnerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), email: emailSchema }),
  z.object({
    kind: z.literal('oauth'),
    provider: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be a provider name (letters, digits, - or _)'),
    userId: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(256, 'must be at most 256 characters')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  }),
])

/**
 * The canonical owner key of a wallet owner: `email:<normalised email>` or `oauth:<provider>:<userId>`.
 * Throws ValidationError for an invalid owner.
 */
export function walletOwnerKey(owner: WalletOwner): string {
  const parsed = parseInput(walletOwnerSchema, owner, 'Invalid wallet owner')
  return parsed.kind === 'email' ? `email:${parsed.email}` : `oauth:${parsed.provider}:${parsed.userId}`
}
