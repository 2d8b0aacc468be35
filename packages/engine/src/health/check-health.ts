import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import {
  type CheckHealthParameters,
  checkHealthParametersSchema,
  type serviceStatusSchema,
} from './check-health-schema'
import { probeWithin } from './probe-within'

/** Status words of one dependency, as the health endpoints report them. */
export type ServiceStatus = z.output<typeof serviceStatusSchema>

/** An identity provider to probe; the local provider is always up. */
export type IdentityProbe = { name: string; ping(): Promise<void> }

export type CheckHealthOptions = {
  /** Per-probe timeout; default 2000 ms. */
  timeoutMs?: number
  /** The identity provider to probe; default the engine's (`ctx.identity.provider`), else the local one. */
  identity?: IdentityProbe
}

export type CheckHealthReturnType = {
  database: ServiceStatus
  blockchain: ServiceStatus
  identity: ServiceStatus
  /** Facts found while probing (never secrets). */
  facts: { chainId?: number; blockNumber?: bigint; databaseDialect: string; identityProvider: string }
  /** Why a probe failed, for the log (never sent to clients). */
  failures: Record<string, string>
}

const LOCAL_IDENTITY: IdentityProbe = { name: 'local', ping: async () => {} }

/**
 * Probes every dependency for real, in parallel, each bounded by `timeoutMs`: a database round trip,
 * the chain's `eth_blockNumber` (and chain id), the identity provider's ping.
 */
export async function checkHealth(
  ctx: EngineContext,
  params: CheckHealthParameters = {},
  options: CheckHealthOptions = {},
): Promise<CheckHealthReturnType> {
  parseInput(checkHealthParametersSchema, params)
  const timeoutMs = options.timeoutMs ?? 2000
  const identityProbe = options.identity ?? ctx.identity?.provider ?? LOCAL_IDENTITY
  const failures: Record<string, string> = {}
  const facts: CheckHealthReturnType['facts'] = {
    databaseDialect: ctx.storage.dialect,
    identityProvider: identityProbe.name,
  }
  const probe = async (name: string, fn: () => Promise<void>): Promise<ServiceStatus> =>
    (await probeWithin(failures, name, timeoutMs, () => fn().then(() => true))) ? 'connected' : 'disconnected'
  const chain = ctx.chain
  const [database, blockchain, identity] = await Promise.all([
    probe('database', () => ctx.storage.ping()),
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
    probe('identity', () => identityProbe.ping()),
  ])
  return { database, blockchain, identity, facts, failures }
}
