import { isIP } from 'node:net'
import { Agent, fetch as undiciFetch } from 'undici'
import { isPrivateAddress } from './is-private-address'
import { createPublicOnlyLookup, type PublicOnlyLookupOptions } from './public-only-lookup'

/** Why a request was refused before any byte was sent. */
function refused(host: string): Error {
  return Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error(`${host} is a private or reserved address`), { code: 'EPRIVATEADDRESS' }),
  })
}

/**
 * `fetch` for URLs that users supply (webhook endpoints): refuses loopback, private, link-local,
 * reserved and mapped addresses, whether written as an IP literal or reached through DNS — the
 * resolved address is checked at connect time (`createPublicOnlyLookup`, through `dnsServers` when
 * given), so DNS rebinding cannot slip through — and rejects like a network error (`cause.code`
 * `EPRIVATEADDRESS`). Callers keep `redirect: 'manual'` so a public URL cannot redirect to a private one.
 */
export function createPublicOnlyFetch(options: PublicOnlyLookupOptions = {}): typeof fetch {
  let agent: Agent | undefined
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) !== 0 && isPrivateAddress(host)) throw refused(host)
    agent ??= new Agent({ connect: { lookup: createPublicOnlyLookup(options) } })
    const response = await undiciFetch(url, { ...(init as object), dispatcher: agent })
    return response as unknown as Response
  }
}

/** `createPublicOnlyFetch()` with the system's resolver. */
export const publicOnlyFetch: typeof fetch = createPublicOnlyFetch()
