/**
 * An email with its local part hidden but for its first character: `ann@example.com` →
 * `a***@example.com`. The domain stays (it says which provider or company, not who). Anything that
 * is not an email (no `@`, or nothing before it) becomes `***`. One masking for every public
 * answer that names a user: proofs of issuance (docs/ledger.md#proof-of-issuance), the agent API,
 * leaderboards.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  // The first code point, not the first UTF-16 unit: an emoji or a CJK character stays whole.
  const first = String.fromCodePoint(email.codePointAt(0) as number)
  return `${first}***${email.slice(at)}`
}
