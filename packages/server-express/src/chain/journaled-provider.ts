import { type ChainJournalStore, type Logger, UnavailableError } from '@loyaltykit/engine'
import type { EIP1193Provider } from 'viem'

/** Calls that change state without mining a block; journaled and replayed verbatim. */
const STATE_CALLS = new Set(['hardhat_setBalance', 'hardhat_setNonce', 'hardhat_setCode', 'hardhat_setStorageAt'])

/** Calls that mine a block; journaled with the block's number, timestamp and state root. */
const MINING_CALLS = new Set(['eth_sendRawTransaction', 'evm_mine'])

/** Calls the journal cannot represent (or that would make replay diverge): refused. */
const REFUSED_CALLS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'hardhat_mine',
  'hardhat_reset',
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
  'hardhat_setCoinbase',
  'hardhat_setPrevRandao',
  'hardhat_setNextBlockBaseFeePerGas',
  'hardhat_setMinGasPrice',
  'hardhat_dropTransaction',
  'evm_snapshot',
  'evm_revert',
  'evm_setAutomine',
  'evm_setIntervalMining',
  'evm_setBlockGasLimit',
])

type Block = { number: string; timestamp: string; stateRoot: string; transactions: string[] }

export type JournaledProvider = EIP1193Provider & {
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
}

function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code })
}

/**
 * Wraps the EDR provider so that every state change is journaled in storage, in the order the chain
 * executed it, before the caller hears of it. State-changing calls run one at a time; each block
 * mined by a call is recorded (method, params, block number, timestamp, state root). A transaction
 * that reverts is mined too (EDR throws for it): it is journaled all the same.
 *
 * If a journal write fails (after retries) the provider stops answering: a chain ahead of its
 * journal would lose that transaction at the next restart while the database believes it.
 * Never broadcast inside a `Storage.transaction` on SQLite: the journal write needs the connection.
 */
export function journalProvider(p: JournalProviderParameters): JournaledProvider {
  const { inner, journal, chainKey, logger } = p
  const now = p.now ?? Date.now
  let seq = p.lastSeq
  let head = p.head
  let failure: Error | undefined
  let tail: Promise<unknown> = Promise.resolve()

  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn)
    tail = run.catch(() => undefined)
    return run
  }

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

  async function mutate(method: string, params: unknown): Promise<unknown> {
    let result: unknown
    let error: unknown
    try {
      result = await inner.request({ method, params } as never)
    } catch (e) {
      error = e
    }
    if (MINING_CALLS.has(method)) {
      const block = (await inner.request({
        method: 'eth_getBlockByNumber',
        params: ['latest', false],
      } as never)) as Block
      const number = Number(block.number)
      if (number > head) {
        if (number !== head + 1 || block.transactions.length > (method === 'evm_mine' ? 0 : 1)) {
          failure = new UnavailableError(
            'the embedded chain mined a block the journal cannot represent',
            'EMBEDDED_CHAIN_JOURNAL_FAILED',
            { head, number, transactions: block.transactions.length },
          )
          throw failure
        }
        await append(method, method === 'evm_mine' ? [Number(block.timestamp)] : params, block)
        head = number
      }
    } else if (error === undefined) {
      await append(method, params, undefined)
    }
    if (error !== undefined) throw error
    return result
  }

  const provider = {
    on: inner.on.bind(inner),
    removeListener: inner.removeListener.bind(inner),
    async request(args: { method: string; params?: unknown }) {
      if (failure) throw failure
      const { method, params } = args
      if (REFUSED_CALLS.has(method)) {
        throw rpcError(4200, `${method} is not supported by the embedded chain (its journal could not replay it)`)
      }
      if (MINING_CALLS.has(method) || STATE_CALLS.has(method)) {
        return exclusive(() => {
          if (failure) throw failure
          return mutate(method, params)
        })
      }
      return inner.request(args as never)
    },
    flush: () => exclusive(async () => undefined),
    get failure() {
      return failure
    },
  }
  return provider as unknown as JournaledProvider
}
