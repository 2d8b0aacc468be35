import { type ChainJournalStore, type Logger, UnavailableError } from '@loyaltykit/engine'
import { type EIP1193Provider, type Hex, keccak256, type RpcTransactionReceipt } from 'viem'
import { JOURNAL_REFUSED_CALLS, JOURNALED_STATE_CALLS, MINED_RAW_TRANSACTIONS } from './journal-methods'
import { jsonRpcError } from './json-rpc-error'
import { unminableTransactionError } from './unminable-transaction-error'

type Block = { number: string; timestamp: string; stateRoot: string; transactions: string[] }

/**
 * What `sendRawTransactions` did: the first `mined` transactions are mined (their receipts, in
 * order); when fewer than all, `error` is why the next one is not (a node's refusal).
 */
type SendRawTransactionsResult = { mined: number; receipts: RpcTransactionReceipt[]; error?: unknown }

export type JournaledProvider = EIP1193Provider & {
  /**
   * Broadcasts one account's signed transactions (in nonce order) and mines them together: one
   * block when they fit in the block gas limit (the rest in further blocks), each block journaled
   * once. The first transaction the chain refuses ends the group (its error is returned; the ones
   * behind it are taken back out of the pool); one that cannot be mined (a nonce gap, a max fee
   * under the base fee) too. A reverting transaction is mined (status 0).
   */
  sendRawTransactions(raws: readonly Hex[]): Promise<SendRawTransactionsResult>
  /** Waits until every journal write in flight is stored. */
  flush(): Promise<void>
  /** Set once a journal write failed for good: every call then fails (the chain and the database would disagree). */
  readonly failure: Error | undefined
}

export type JournalProviderParameters = {
  inner: EIP1193Provider
  journal: ChainJournalStore
  chainKey: string
  /** Seq of the last stored entry (0 for an empty journal). */
  lastSeq: number
  /** Number of the chain's latest block. */
  head: number
  logger: Logger
  now?: () => number
  /** Reads let into EDR at once (none while a state change runs); the others wait in order. Default 3. */
  maxReadsInFlight?: number
}

/**
 * Wraps the EDR provider (created with automining OFF) so that every state change is journaled in
 * storage, in the order the chain executed it, before the caller hears of it. State-changing calls
 * run one at a time. Transactions are mined here: `eth_sendRawTransaction` sends and mines one
 * (automining, as seen from outside: a refused transaction throws, a reverting one is mined), and
 * `sendRawTransactions` sends a group and mines it in one block. Each block is recorded (its raw
 * transactions, number, timestamp, state root); the pool is empty whenever no state change runs.
 *
 * If a journal write fails (after retries) the provider stops answering: a chain ahead of its
 * journal would lose that transaction at the next restart while the database believes it.
 * Never broadcast inside a `Storage.transaction` on SQLite: the journal write needs the connection.
 */
export function journalProvider(p: JournalProviderParameters): JournaledProvider {
  const { inner, journal, chainKey, logger } = p
  const now = p.now ?? Date.now
  const maxReadsInFlight = p.maxReadsInFlight ?? 3
  let seq = p.lastSeq
  let head = p.head
  let failure: Error | undefined
  let tail: Promise<unknown> = Promise.resolve()

  // Reads enter EDR a few at a time, in order of arrival, and none while a state change runs. Many
  // requests in EDR at once wait on its locks, and on two cores that waiting takes the CPU from the
  // one working; a state change among a stream of reads waited behind them (mining a group took
  // four times as long as with EDR to itself).
  let reading = 0
  let changing = false
  const readers: Array<() => void> = []
  function admitReaders() {
    while (!changing && reading < maxReadsInFlight && readers.length > 0) {
      reading++
      readers.shift()?.()
    }
  }
  async function read(method: string, params: unknown[]): Promise<unknown> {
    if (!changing && reading < maxReadsInFlight && readers.length === 0) reading++
    else await new Promise<void>((resolve) => readers.push(resolve))
    try {
      return await inner.request({ method, params } as never)
    } finally {
      reading--
      admitReaders()
    }
  }

  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(async () => {
      if (failure) throw failure
      changing = true
      try {
        return await fn()
      } finally {
        changing = false
        admitReaders()
      }
    })
    tail = run.catch(() => undefined)
    return run
  }

  const call = (method: string, params: unknown[]) => inner.request({ method, params } as never) as Promise<unknown>
  const blockOf = (tag: string) => call('eth_getBlockByNumber', [tag, false]) as Promise<Block>

  async function append(method: string, params: unknown, block: Block | undefined) {
    const entry = {
      chainKey,
      seq: seq + 1,
      method,
      params: JSON.stringify(params ?? []),
      txHash: method === 'eth_sendRawTransaction' ? (block?.transactions[0] ?? null) : null,
      blockNumber: block ? Number(block.number) : null,
      blockTimestamp: block ? Number(block.timestamp) : null,
      stateRoot: block?.stateRoot ?? null,
      createdAt: now(),
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await journal.append(entry)
        seq = entry.seq
        return
      } catch (error) {
        if (attempt >= 5 || (error as { code?: unknown }).code === 'CHAIN_JOURNAL_CONFLICT') {
          failure = new UnavailableError(
            'the embedded chain could not journal a state change; restart the server',
            'EMBEDDED_CHAIN_JOURNAL_FAILED',
            { chainKey, seq: entry.seq, method },
            error,
          )
          logger.error({ chainKey, seq: entry.seq, method, err: String(error) }, 'embedded chain journal write failed')
          throw failure
        }
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt))
      }
    }
  }

  /** The block just mined must be the next one and hold exactly `expected` (a prefix of them). */
  function assertRepresentable(block: Block, expected: readonly Hex[]) {
    const number = Number(block.number)
    if (
      number !== head + 1 ||
      block.transactions.length > expected.length ||
      block.transactions.some((hash, i) => hash.toLowerCase() !== expected[i])
    ) {
      failure = new UnavailableError(
        'the embedded chain mined a block the journal cannot represent',
        'EMBEDDED_CHAIN_JOURNAL_FAILED',
        { head, number, transactions: block.transactions.length },
      )
      throw failure
    }
  }

  /** A state call (no block) or `evm_mine` (an empty block: the pool is empty here). */
  async function mutate(method: string, params: unknown[]): Promise<unknown> {
    const result = await call(method, params)
    if (method === 'evm_mine') {
      const block = await blockOf('latest')
      assertRepresentable(block, [])
      await append('evm_mine', [Number(block.timestamp)], block)
      head = Number(block.number)
    } else {
      await append(method, params, undefined)
    }
    return result
  }

  /**
   * Runs inside `exclusive`. Sends the group at once (the pool orders one sender's transactions by
   * nonce), mines until every accepted one is in a block, reads each block with the receipts in
   * the same round, journals each block, and takes back out of the pool what could not be mined.
   */
  async function mineRawTransactions(raws: readonly Hex[]): Promise<SendRawTransactionsResult> {
    const hashes: Hex[] = []
    const receipts: RpcTransactionReceipt[] = []
    let mined = 0
    let error: unknown
    try {
      const sends = await Promise.allSettled(raws.map((raw) => call('eth_sendRawTransaction', [raw])))
      for (const [i, sent] of sends.entries()) {
        if (sent.status === 'fulfilled') {
          hashes.push(keccak256(raws[i] as Hex))
          continue
        }
        error = sent.reason
        // Accepted ones behind a refused one are not sent, as far as the caller knows: out of the pool.
        for (const [j, later] of sends.entries()) {
          if (j > i && later.status === 'fulfilled') await call('hardhat_dropTransaction', [keccak256(raws[j] as Hex)])
        }
        break
      }
      while (mined < hashes.length) {
        await call('evm_mine', [])
        const pending = hashes.slice(mined)
        const [block, ...found] = await Promise.all([
          blockOf('latest'),
          ...pending.map((hash) => call('eth_getTransactionReceipt', [hash]) as Promise<RpcTransactionReceipt | null>),
        ])
        assertRepresentable(block as Block, pending)
        const count = (block as Block).transactions.length
        if (count === 0) {
          // Nothing more can be mined: the empty block is journaled like `evm_mine`.
          await append('evm_mine', [Number((block as Block).timestamp)], block as Block)
          head++
          error = unminableTransactionError(raws[mined] as Hex, await blockOf('pending').catch(() => undefined))
          break
        }
        const method = count === 1 ? 'eth_sendRawTransaction' : MINED_RAW_TRANSACTIONS
        await append(method, raws.slice(mined, mined + count), block as Block)
        head++
        receipts.push(...(found.slice(0, count) as RpcTransactionReceipt[]))
        mined += count
      }
      return error === undefined ? { mined, receipts } : { mined, receipts, error }
    } finally {
      for (const hash of hashes.slice(mined)) await call('hardhat_dropTransaction', [hash]).catch(() => undefined)
    }
  }

  const provider = {
    on: inner.on.bind(inner),
    removeListener: inner.removeListener.bind(inner),
    async request(args: { method: string; params?: unknown }) {
      if (failure) throw failure
      const { method } = args
      const params = (args.params ?? []) as unknown[]
      if (JOURNAL_REFUSED_CALLS.has(method)) {
        throw jsonRpcError(4200, `${method} is not supported by the embedded chain (its journal could not replay it)`)
      }
      if (method === 'eth_sendRawTransaction') {
        const raw = params[0] as Hex
        const result = await exclusive(() => mineRawTransactions([raw]))
        if (result.error !== undefined) throw result.error
        return keccak256(raw)
      }
      if (method === 'evm_mine' || JOURNALED_STATE_CALLS.has(method)) return exclusive(() => mutate(method, params))
      return read(method, params)
    },
    sendRawTransactions(raws: readonly Hex[]) {
      if (failure) return Promise.reject(failure)
      if (raws.length === 0) return Promise.resolve({ mined: 0, receipts: [] })
      return exclusive(() => mineRawTransactions(raws))
    },
    flush: () => exclusive(async () => undefined),
    get failure() {
      return failure
    },
  }
  return provider as unknown as JournaledProvider
}
