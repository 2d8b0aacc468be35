import { emailSchema } from '../schemas/email'

/** The key a user's claims are counted under (reward_events.user_key): the normalised email, or a lowercase address. */
export function claimKeyOf(userId: string): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(userId)) return userId.toLowerCase()
  return emailSchema.safeParse(userId).data ?? userId
}
