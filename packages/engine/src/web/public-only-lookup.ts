import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { isPrivateAddress } from './is-private-address'

/**
 * A DNS lookup for outgoing connections that fails (code `EPRIVATEADDRESS`) when the name resolves to
 * any private or reserved address. Used as the socket's own lookup, the check applies to the very
 * address connected to, so a name that resolves differently on a second query (DNS rebinding) cannot
 * slip through. IP literals never reach a lookup: callers check those with `isPrivateAddress`.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4)
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private or reserved address`), {
        code: 'EPRIVATEADDRESS',
      })
      return callback(refused, '', 4)
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    const first = addresses[0] as LookupAddress
    callback(null, first.address, first.family)
  })
}
