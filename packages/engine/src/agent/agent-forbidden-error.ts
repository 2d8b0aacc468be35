import { LoyaltyError } from '../errors/loyalty-error'

/** Why a verified agent key may not call a tool. */
export type AgentRefusal = 'permission' | 'tier' | 'brand_scope'

/** The key lacks a permission, tier or brand the tool needs (403 `forbidden` on the agent API). */
export class AgentForbiddenError extends LoyaltyError {
  override name = 'AgentForbiddenError'
  constructor(message: string, reason: AgentRefusal, details: Record<string, unknown> = {}) {
    super(message, { code: 'FORBIDDEN', category: 'permission', details: { reason, ...details } })
  }
}
