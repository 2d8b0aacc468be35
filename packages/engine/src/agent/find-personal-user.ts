import type { EngineContext } from '../context'
import { RequestSignatureError } from '../errors/request-signature-error'
import { getTokenBalance } from '../identity/get-token-balance'
import type { AgentCaller } from './agent-tool'
import { type AgentUser, findAgentUser } from './find-agent-user'

/** A user a tool personalises for, with their token balance on chain (whole tokens, network-wide). */
export type PersonalUser = AgentUser & { balance: number }

/**
 * The user named by `userId` on a public tool that personalises when signed (docs/agent-api.md
 * "P (A with userId)": best_deals, route_purchase): null without `userId`; with it the request must
 * be signed (401 MISSING_SIGNATURE otherwise: a user's balance is not public), then the user as
 * `findAgentUser` finds them (404 when an email has no wallet) and their balance.
 */
export async function findPersonalUser(
  ctx: EngineContext,
  caller: AgentCaller,
  userId: string | undefined,
): Promise<PersonalUser | null> {
  if (userId === undefined) return null
  if (caller.kind !== 'agent') {
    throw new RequestSignatureError('A userId needs a signed request', 'MISSING_SIGNATURE', {
      required: ['X-LOYALTY-Agent-Key', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'],
    })
  }
  const user = await findAgentUser(ctx, userId)
  const onChain = await getTokenBalance(ctx, { address: user.walletAddress })
  return { ...user, balance: Number(onChain.balance) }
}
