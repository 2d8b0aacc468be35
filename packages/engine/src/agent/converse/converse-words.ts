/**
 * A query cut into lowercase words (letters, digits, `'`, `.`, `@`, `-`, `_` kept inside a word, so
 * `nike.com`, `a@b.com` and `0x…` stay whole; a trailing `.` or `'s` dropped).
 */
export function converseWords(query: string): string[] {
  return (
    query
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'.@_-]*/gu) ?? []
  ).map((w) => w.replace(/'s$/, '').replace(/[.'-]+$/, ''))
}
