import { LoyaltyError } from '../errors/loyalty-error'

/** Why a perk cannot be redeemed for a member now. */
export type PerkRedemptionRefusal = 'inactive' | 'sold_out' | 'per_user_limit' | 'insufficient_balance' | 'constraint'

const CODES: Record<PerkRedemptionRefusal, string> = {
  inactive: 'PERK_INACTIVE',
  sold_out: 'PERK_SOLD_OUT',
  per_user_limit: 'PERK_LIMIT_REACHED',
  insufficient_balance: 'INSUFFICIENT_BALANCE',
  constraint: 'PURCHASE_CONSTRAINT',
}

/**
 * `redeemForMember` refused: the perk is inactive, sold out, the member is at its per-user limit,
 * their balance is below its price, or the brand's purchase constraint said no. Category
 * `conflict` (400 `validation` on the agent API, 409 elsewhere); `details.reason` is the refusal,
 * `code` its UPPER_SNAKE form. Nothing was spent.
 */
export class PerkRedemptionRefusedError extends LoyaltyError {
  override name = 'PerkRedemptionRefusedError'
  readonly reason: PerkRedemptionRefusal
  constructor(reason: PerkRedemptionRefusal, message: string, details: Record<string, unknown> = {}) {
    super(message, { code: CODES[reason], category: 'conflict', details: { reason, ...details } })
    this.reason = reason
  }
}
