import { NotFoundError } from '../errors/common-errors'

/**
 * 404 MEMBER_NOT_FOUND: the email has no wallet, or the wallet has no ledger entry at the caller's
 * brand. One answer for both, so a brand cannot learn that someone is a member elsewhere.
 */
export function memberNotFound(emailOrAddress: string): NotFoundError {
  return new NotFoundError('No member with this email or address at this brand', 'MEMBER_NOT_FOUND', {
    emailOrAddress,
  })
}
