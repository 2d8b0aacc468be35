import { LoyaltyError } from '../errors/loyalty-error'

/** A signer's lease was taken over: whatever its holder was writing under it is rolled back. */
export class LeaseLostError extends LoyaltyError {
  override name = 'LeaseLostError'
  constructor(lease: string) {
    super(`lease ${lease} was lost`, { code: 'LEASE_LOST', category: 'conflict', details: { lease } })
  }
}
