import type { ChainPort, Storage } from '@loyaltykit/engine'
import { withTimeout } from './with-timeout'

/** Status words of one dependency, as the health endpoints report them. */
export type ServiceStatus = 'connected' | 'disconnected' | 'not_configured'

/** An identity provider the server depends on; the local provider is always up. */
export type IdentityProbe = { name: string; ping(): Promise<void> }

export const localIdentityProvider: IdentityProbe = { name: 'local', ping: async () => {} }

export type ServiceReport = {
  database: ServiceStatus
  blockchain: ServiceStatus
  identity: ServiceStatus
  /** Facts found while probing (never secrets). */
  facts: { chainId?: number; blockNumber?: bigint; databaseDialect: string; identityProvider: string }
  /** Why a probe failed, for the log (never sent to clients). */
  failures: Record<string, string>
}

export type ProbeServicesParameters = {
  storage: Storage
  chain: ChainPort | undefined
  identity: IdentityProbe
  timeoutMs: number
}

/**
 * Probes every dependency for real, in parallel, each bounded by `timeoutMs`: a database round trip,
 * the chain's `eth_blockNumber` (and chain id), the identity provider's ping.
 */
export async function probeServices(p: ProbeServicesParameters): Promise<ServiceReport> {
  const failures: Record<string, string> = {}
  const facts: ServiceReport['facts'] = { databaseDialect: p.storage.dialect, identityProvider: p.identity.name }
  const probe = async (name: string, fn: () => Promise<void>): Promise<ServiceStatus> => {
    try {
      await withTimeout(fn(), p.timeoutMs, name)
      return 'connected'
    } catch (e) {
      failures[name] = e instanceof Error ? e.message : String(e)
      return 'disconnected'
    }
  }
  const chain = p.chain
  const [database, blockchain, identity] = await Promise.all([
    probe('database', () => p.storage.ping()),
    chain === undefined
      ? Promise.resolve<ServiceStatus>('not_configured')
      : probe('blockchain', async () => {
          const [blockNumber, chainId] = await Promise.all([
            chain.publicClient.getBlockNumber({ cacheTime: 0 }),
            chain.publicClient.getChainId(),
          ])
          facts.blockNumber = blockNumber
          facts.chainId = chainId
        }),
    probe('identity', () => p.identity.ping()),
  ])
  return { database, blockchain, identity, facts, failures }
}
