import type { Address } from 'viem'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Backlog } from '../ports/backlog-store'
import { probeWithin } from './probe-within'

/** The gauges of `GET /metrics` take no input. */
export const readGaugesParametersSchema = z.object({})

export type ReadGaugesParameters = z.input<typeof readGaugesParametersSchema>

export type ReadGaugesOptions = {
  /** Per-read timeout (the database's counts, each signer's chain reads); default 2000 ms. */
  timeoutMs?: number
}

/** One of the server's signing accounts (the clawback worker signs with the relayer). */
export type SignerGauge = {
  role: 'minter' | 'relayer'
  /** Lowercase 0x address. */
  address: string
  /**
   * The chain's pending nonce minus the next nonce stored for the account: 0 in step, > 0 when
   * something else sent from the account, < 0 while stored nonces wait to be broadcast (or were
   * lost). Undefined when unreadable or before the account's first transaction here.
   */
  nonceDrift: number | undefined
  /** The account's balance in wei; undefined when unreadable. */
  balanceWei: bigint | undefined
}

export type ReadGaugesReturnType = {
  /** Queue depths; undefined when the database could not be read. */
  backlog: Backlog | undefined
  /** Empty without a chain. */
  signers: SignerGauge[]
  /** The engine clock when read (ages are relative to it). */
  now: number
  /** What could not be read and why, for the log. */
  failures: Record<string, string>
}

/**
 * The values behind the server's scrape-time gauges: queue depths (`storage.backlog`), and for each
 * signer its nonce drift and balance. A few indexed counts and two chain reads per signer: the
 * caller caches the answer for a few seconds so that scrapes never load the database. A part that
 * cannot be read is left out (and named in `failures`); the rest is still answered.
 */
export async function readGauges(
  ctx: EngineContext,
  params: ReadGaugesParameters = {},
  options: ReadGaugesOptions = {},
): Promise<ReadGaugesReturnType> {
  parseInput(readGaugesParametersSchema, params)
  const timeoutMs = options.timeoutMs ?? 2000
  const failures: Record<string, string> = {}
  const read = <T>(name: string, fn: () => Promise<T>) => probeWithin(failures, name, timeoutMs, fn)
  const chain = ctx.chain
  const accounts: { role: SignerGauge['role']; address: Address }[] = chain
    ? [
        { role: 'minter', address: chain.minter.address },
        { role: 'relayer', address: chain.relayer.address },
      ]
    : []
  const [backlog, ...signers] = await Promise.all([
    read('backlog', () => ctx.storage.backlog.read()),
    ...accounts.map(async ({ role, address }): Promise<SignerGauge> => {
      const client = chain?.publicClient
      const scope = { chainId: chain?.chainId ?? 0, address: address.toLowerCase() }
      const [pending, stored, balanceWei] = await Promise.all([
        read(`${role}.nonce`, async () => client?.getTransactionCount({ address, blockTag: 'pending' })),
        read(`${role}.storedNonce`, () => ctx.storage.nonces.peek(scope)),
        read(`${role}.balance`, async () => client?.getBalance({ address })),
      ])
      const next = stored?.next
      const nonceDrift = pending === undefined || next === undefined ? undefined : pending - next
      return { role, address: scope.address, nonceDrift, balanceWei }
    }),
  ])
  return { backlog, signers, now: ctx.clock.now(), failures }
}
