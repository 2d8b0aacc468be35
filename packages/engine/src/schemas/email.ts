import { z } from 'zod'

/** Trim, Unicode NFC, lowercase: the one spelling of an email used as an identity. */
function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase()
}

const atom = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+"
const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?'
const tld = '\\p{L}(?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])'
/**
 * Dot-atom local part (at most 64 characters) @ a domain of two or more labels, the last one
 * letter-led and 2+ characters. Unicode letters are allowed (internationalised addresses); quoted
 * local parts, IP literals and dotless hosts (`ann@localhost`) are not.
 */
const emailPattern = new RegExp(`^(?=[^@]{1,64}@)${atom}(?:\\.${atom})*@(?:${label}\\.)+${tld}$`, 'u')

/** A user email (at most 254 characters), answered normalised by `normalizeEmail`. */
export const emailSchema = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.string().max(254, 'must be at most 254 characters').regex(emailPattern, 'must be a valid email address'))
