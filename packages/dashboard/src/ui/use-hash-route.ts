import { useEffect, useState } from 'preact/hooks'

/** The pages, in the navigation's order; the first is the default. */
export const PAGES = [
  { id: 'overview', label: 'Overview' },
  { id: 'rules', label: 'Rules' },
  { id: 'members', label: 'Members' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'pipeline', label: 'Mint pipeline' },
  { id: 'perks', label: 'Perks' },
] as const

export type PageId = (typeof PAGES)[number]['id']

export type Route = { page: PageId; rest: string[] }

/** `#/members/0xabc…` → {page: 'members', rest: ['0xabc…']}; anything unknown → the overview. */
function parseHash(hash: string): Route {
  const [first = '', ...rest] = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent)
  const page = PAGES.find((p) => p.id === first)?.id ?? 'overview'
  return { page, rest }
}

export const hrefOf = (page: PageId, ...rest: string[]): string =>
  `#/${[page, ...rest].map(encodeURIComponent).join('/')}`

/** The route in the URL's hash (a tiny router: pages are bookmarkable and Back works). */
export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}
