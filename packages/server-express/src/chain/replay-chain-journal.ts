import { type ChainJournalEntry, type ChainJournalStore, type Logger, UnavailableError } from '@loyaltykit/engine'
import type { EIP1193Provider } from 'viem'
import { MINED_RAW_TRANSACTIONS } from './journal-methods'

type Block = { number: string; timestamp: string; stateRoot: string }

export type ReplayChainJournalResult = {
  /** Entries replayed. */
  entries: number
  /** Seq of the last entry (0 when the journal is empty). */
  lastSeq: number
  /** Latest block number after the replay. */
  head: number
  ms: number
}

/** The replayed chain does not match its journal (block numbers or state roots differ). */
export class ChainReplayError extends UnavailableError {
  override name = 'ChainReplayError'
  constructor(message: string, details: Record<string, unknown>) {
    super(message, 'EMBEDDED_CHAIN_REPLAY_FAILED', details)
  }
}

/**
 * Rebuilds the embedded chain's state on a fresh EDR (same genesis) by re-executing its journal in
 * order (automining is off): each block's raw transactions are sent, then mined at the block's
 * recorded timestamp (`evm_mine`); state calls verbatim. Checks the block number of every entry and the state root of every
 * `verifyEvery`-th entry and of the last one; throws ChainReplayError on a mismatch.
 */
export async function replayChainJournal(p: {
  provider: EIP1193Provider
  journal: ChainJournalStore
  chainKey: string
  logger: Logger
  pageSize?: number
  verifyEvery?: number
}): Promise<ReplayChainJournalResult> {
  const started = performance.now()
  const request = (method: string, params: unknown[] = []) => p.provider.request({ method, params } as never)
  const latest = async () => (await request('eth_getBlockByNumber', ['latest', false])) as Block
  const verifyEvery = p.verifyEvery ?? 50
  let head = Number((await latest()).number)
  let lastSeq = 0
  let entries = 0
  let lastBlockEntry: ChainJournalEntry | undefined

  const verify = async (entry: ChainJournalEntry, withRoot: boolean) => {
    const block = await latest()
    if (
      Number(block.number) !== entry.blockNumber ||
      (withRoot && entry.stateRoot && block.stateRoot !== entry.stateRoot)
    ) {
      throw new ChainReplayError(`replaying the embedded chain diverged at journal entry ${entry.seq}`, {
        seq: entry.seq,
        method: entry.method,
        expectedBlock: entry.blockNumber,
        actualBlock: Number(block.number),
        expectedStateRoot: entry.stateRoot,
        actualStateRoot: block.stateRoot,
      })
    }
  }

  for (;;) {
    const page = await p.journal.list({ chainKey: p.chainKey, afterSeq: lastSeq, limit: p.pageSize ?? 100 })
    if (page.length === 0) break
    for (const entry of page) {
      if (entry.seq !== lastSeq + 1) {
        throw new ChainReplayError(`the embedded chain journal has a gap before entry ${entry.seq}`, {
          seq: entry.seq,
          expected: lastSeq + 1,
        })
      }
      const params = JSON.parse(entry.params) as unknown[]
      if (entry.blockNumber === null) {
        await request(entry.method, params)
      } else if (entry.method === 'evm_mine') {
        await request('evm_mine', [entry.blockTimestamp])
      } else if (entry.method === 'eth_sendRawTransaction' || entry.method === MINED_RAW_TRANSACTIONS) {
        // Automining is off: the block's transactions are sent, then mined at their timestamp.
        for (const raw of params) {
          await request('eth_sendRawTransaction', [raw]).catch((error: unknown) => {
            throw new ChainReplayError(`replaying the embedded chain failed at journal entry ${entry.seq}`, {
              seq: entry.seq,
              method: entry.method,
              error: error instanceof Error ? error.message : String(error),
            })
          })
        }
        await request('evm_mine', [entry.blockTimestamp])
      } else {
        throw new ChainReplayError(`the embedded chain journal has an unknown entry ${entry.seq}`, {
          seq: entry.seq,
          method: entry.method,
        })
      }
      if (entry.blockNumber !== null) {
        head++
        lastBlockEntry = entry
        if (entry.blockNumber !== head || (entries + 1) % verifyEvery === 0) await verify(entry, true)
      }
      lastSeq = entry.seq
      entries++
    }
  }
  if (lastBlockEntry) await verify(lastBlockEntry, true)
  const ms = Math.round(performance.now() - started)
  if (entries > 0) p.logger.info({ entries, head, ms }, 'embedded chain replayed from its journal')
  return { entries, lastSeq, head, ms }
}
