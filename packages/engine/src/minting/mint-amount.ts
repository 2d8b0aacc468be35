import { ValidationError } from '../errors/common-errors'

/** The points token has 18 decimals; API amounts are whole tokens. */
export const TOKEN_DECIMALS = 18
/** 10^18: the token has 18 decimals. */
export const WEI_PER_TOKEN = 10n ** 18n

/** Whole tokens (a positive safe integer or bigint) → wei. Throws ValidationError otherwise. */
export function tokensToWei(amount: number | bigint, field = 'amount'): bigint {
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new ValidationError('Invalid mint amount', [
        { field, message: 'must be a positive whole number of tokens' },
      ])
    }
    return BigInt(amount) * WEI_PER_TOKEN
  }
  if (typeof amount !== 'bigint' || amount <= 0n) {
    throw new ValidationError('Invalid mint amount', [{ field, message: 'must be a positive whole number of tokens' }])
  }
  return amount * WEI_PER_TOKEN
}
