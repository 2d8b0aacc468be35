import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { emailSchema } from '../schemas/email'

/** A user named by an agent: the wallet whose balance and ledger entries are theirs. */
export type AgentUser = { userId: string; walletAddress: string }

/**
 * `userId` is an email (its custodial wallet, owner `email:<normalised>`; none → 404
 * USER_NOT_FOUND) or a 0x address (that wallet, custodial or not). agent-api.md "userId".
 */
export async function findAgentUser(ctx: EngineContext, userId: string): Promise<AgentUser> {
  if (/^0x[0-9a-fA-F]{40}$/.test(userId)) return { userId, walletAddress: userId.toLowerCase() }
  const { email } = parseInput(z.object({ email: emailSchema }), { email: userId }, 'Invalid userId')
  const wallet = await ctx.storage.wallets.findByOwner(`email:${email}`)
  if (!wallet) throw new NotFoundError(`No wallet for user ${userId}`, 'USER_NOT_FOUND', { userId })
  return { userId, walletAddress: wallet.address }
}
