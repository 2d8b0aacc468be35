import { lookup as dnsLookup, type LookupAddress, Resolver } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { isPrivateAddress } from './is-private-address'

export type PublicOnlyLookupOptions = {
  /**
   * DNS servers (`IP[:port]`, IPv6 as `[::1]:53`) asked for the A and AAAA records of a host, instead
   * of the system's resolver (`getaddrinfo`, which also reads /etc/hosts). Empty or absent: the system's.
   */
  dnsServers?: readonly string[]
}

type Resolve = (hostname: string, family: number) => Promise<LookupAddress[]>

const familyOf = (family: unknown): number => (family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : Number(family) || 0)

const systemResolve: Resolve = (hostname, family) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { family, all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  )

/** A and AAAA records from `servers` (c-ares); NXDOMAIN / no data of both is ENOTFOUND. */
function serversResolve(servers: readonly string[]): Resolve {
  const resolver = new Resolver({ timeout: 3000, tries: 2 })
  resolver.setServers([...servers])
  const query = (hostname: string, f: 4 | 6) =>
    new Promise<LookupAddress[]>((resolve, reject) => {
      const done = (err: NodeJS.ErrnoException | null, addresses: string[]) =>
        err ? reject(err) : resolve(addresses.map((address) => ({ address, family: f })))
      if (f === 4) resolver.resolve4(hostname, done)
      else resolver.resolve6(hostname, done)
    })
  return async (hostname, family) => {
    const families: Array<4 | 6> = family === 4 ? [4] : family === 6 ? [6] : [4, 6]
    const answers = await Promise.allSettled(families.map((f) => query(hostname, f)))
    const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []))
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected')
    if (addresses.length === 0 && failed) throw failed.reason
    return addresses
  }
}

/**
 * A DNS lookup for outgoing connections that fails (code `EPRIVATEADDRESS`) when the name resolves to
 * any private or reserved address. Used as the socket's own lookup, the check applies to the very
 * addresses connected to, so a name that resolves differently on a second query (DNS rebinding: a
 * public answer to a check, a private one to the connection) cannot slip through; every connection
 * asks again (nothing is cached here). IP literals never reach a lookup: callers check those with
 * `isPrivateAddress`.
 */
export function createPublicOnlyLookup(options: PublicOnlyLookupOptions = {}): LookupFunction {
  const resolve =
    options.dnsServers && options.dnsServers.length > 0 ? serversResolve(options.dnsServers) : systemResolve
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, familyOf(lookupOptions.family)).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
          const refused = Object.assign(new Error(`${hostname} resolves to a private or reserved address`), {
            code: 'EPRIVATEADDRESS',
          })
          return callback(refused, '', 4)
        }
        if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
        const first = addresses[0] as LookupAddress
        callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    )
  }
}
