import { Resolver } from 'node:dns/promises'

/** Looks up TXT records: each record is the list of its character strings. */
export interface DnsResolver {
  /** Answers [] when the name has no TXT records or does not exist; throws on other failures. */
  resolveTxt(name: string): Promise<string[][]>
}

export type NodeDnsResolverOptions = {
  /** Resolver addresses (`127.0.0.1:5353`, `[::1]:53`); the system's when absent. */
  servers?: string[]
  /** Per-try timeout in ms. Default 3000. */
  timeoutMs?: number
  tries?: number
}

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN'])

/** A DnsResolver over node:dns. */
export function createNodeDnsResolver(options: NodeDnsResolverOptions = {}): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 })
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers)
  return {
    async resolveTxt(name) {
      try {
        return await resolver.resolveTxt(name)
      } catch (e) {
        if (NO_DATA.has((e as { code?: string }).code ?? '')) return []
        throw e
      }
    },
  }
}
