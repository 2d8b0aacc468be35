/**
 * True when an event rule's URL pattern matches a page URL. Matching ignores case.
 *
 * - Without `*` a pattern matches when the full URL contains it: `thank-you` matches
 *   `https://shop.example/checkout/thank-you?order=7`.
 * - With `*` (any run of characters, `/` included) the pattern must match one of these whole:
 *   the full URL, the URL without its scheme (`shop.example/checkout/done`), the path with query and
 *   hash (`/checkout/done?x=1#top`), or the path alone (`/checkout/done`). So `/order/*` matches any
 *   page under `/order/`, `*.example/thanks` any host of `example` ending in `/thanks`.
 * - An empty pattern matches nothing.
 */
export function matchUrlPattern(pattern: string, url: string): boolean {
  const p = pattern.trim().toLowerCase()
  if (p === '') return false
  const href = url.toLowerCase()
  if (!p.includes('*')) return href.includes(p)
  const re = new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`)
  const noScheme = href.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
  const slash = noScheme.indexOf('/')
  const path = slash < 0 ? '/' : noScheme.slice(slash)
  return [href, noScheme, path, path.replace(/[?#].*$/, '')].some((candidate) => re.test(candidate))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
}
