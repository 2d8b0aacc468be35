import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { minterLeaseName } from '../minting/minter-lease-name'
import {
  type CheckReadinessParameters,
  checkReadinessParametersSchema,
  type readinessChecksSchema,
} from './check-readiness-schema'
import { probeWithin } from './probe-within'

export type ReadinessChecks = z.output<typeof readinessChecksSchema>

export type CheckReadinessOptions = {
  /** Per-check timeout; default 2000 ms. */
  timeoutMs?: number
  /** Mint jobs not confirmed (pending + batched) above which the process is not ready; default 10,000. */
  maxMintBacklog?: number
}

export type CheckReadinessReturnType = {
  ready: boolean
  checks: ReadinessChecks
  /** Why each failing check failed, for the log (never sent to clients). */
  failures: Record<string, string>
}

/**
 * Whether this process should receive traffic: the database answers, every migration this version
 * knows is applied (migrations applied by a newer version do not count against it: a rolling upgrade
 * must not turn the old processes away), the chain answers, some process holds the minter's lease
 * (minted jobs make progress), and the mint backlog is under `maxMintBacklog`. Every check runs for
 * real, in parallel, each bounded by `timeoutMs`. Without a chain, the chain and lease checks are
 * skipped.
 */
export async function checkReadiness(
  ctx: EngineContext,
  params: CheckReadinessParameters = {},
  options: CheckReadinessOptions = {},
): Promise<CheckReadinessReturnType> {
  parseInput(checkReadinessParametersSchema, params)
  const timeoutMs = options.timeoutMs ?? 2000
  const max = options.maxMintBacklog ?? 10_000
  const failures: Record<string, string> = {}
  const run = <T>(name: string, fn: () => Promise<T>) => probeWithin(failures, name, timeoutMs, fn)
  const failing = (name: string, why: string) => {
    failures[name] = why
    return 'failing' as const
  }
  const { storage, chain } = ctx
  const [database, migrations, blockNumber, lease, jobs] = await Promise.all([
    run('database', () => storage.ping().then(() => true)),
    run('migrations', () => storage.migrationStatus()),
    chain ? run('chain', () => chain.publicClient.getBlockNumber({ cacheTime: 0 })) : undefined,
    chain ? run('minterLease', () => storage.leases.get(minterLeaseName(chain.chainId, chain.minter.address))) : null,
    run('mintBacklog', () => storage.mint.countJobs(['pending', 'batched']).then((c) => c.pending + c.batched)),
  ])
  const pending = migrations?.migrations.filter((m) => m.appliedAt === null).map((m) => m.name)
  const leaseHeld = lease !== undefined && lease !== null && lease.expiresAt > ctx.clock.now()
  const checks: ReadinessChecks = {
    database: { status: database ? 'ok' : 'failing' },
    migrations: {
      status: !pending
        ? 'failing'
        : pending.length === 0
          ? 'ok'
          : failing('migrations', `pending: ${pending.join(', ')}`),
      ...(pending ? { pending: pending.length } : {}),
    },
    chain: {
      status: !chain ? 'skipped' : blockNumber !== undefined ? 'ok' : 'failing',
      ...(blockNumber !== undefined ? { blockNumber: Number(blockNumber) } : {}),
    },
    minterLease: {
      status: !chain
        ? 'skipped'
        : leaseHeld
          ? 'ok'
          : failures.minterLease
            ? 'failing'
            : failing('minterLease', 'no process holds the minter lease'),
    },
    mintBacklog: {
      status: jobs === undefined ? 'failing' : jobs <= max ? 'ok' : failing('mintBacklog', `${jobs} jobs over ${max}`),
      ...(jobs !== undefined ? { jobs } : {}),
      max,
    },
  }
  const ready = Object.values(checks).every((c) => c.status !== 'failing')
  return { ready, checks, failures }
}
