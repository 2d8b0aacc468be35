import { randomBytes } from 'node:crypto'

/** Crockford-like alphabet: no 0/O, 1/I/L, U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A redemption's confirmation code (docs/ledger.md#confirmation-codes): `LK-` and 10 random
 * characters of a 30-letter alphabet (~49 bits), e.g. `LK-7QF2M9XKJD`. Unique in practice; the
 * store's unique key makes sure.
 */
export function newConfirmationCode(): string {
  const bytes = randomBytes(10)
  let code = 'LK-'
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length]
  return code
}
