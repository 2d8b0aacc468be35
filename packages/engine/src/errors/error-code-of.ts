import { isLoyaltyError } from './loyalty-error'

/** The error's `code` when it is an engine error; `INTERNAL` for anything else (a bug, a driver error). */
export function errorCodeOf(error: unknown): string {
  return isLoyaltyError(error) ? error.code : 'INTERNAL'
}
