import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Address, Hash } from 'viem'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { LedgerEntry } from '../ports/ledger-store'
import { brandIdSchema } from '../schemas/brand-id'
import { mapConcurrent } from '../workers/map-concurrent'
import { type EntryReceipt, entryLogProblem } from './entry-log-problem'
import { settlingMintWei } from './settling-mint-wei'

export const reconcileLedgerParametersSchema = z.object({
  /** Only the wallets with an entry at this brand (their sums still cover every brand). */
  brandId: brandIdSchema.optional(),
})

export type ReconcileLedgerParameters = z.input<typeof reconcileLedgerParametersSchema>

export type ReconcileProgress = { walletsDone: number; walletsTotal: number; entriesChecked: number }

export type ReconcileLedgerOptions = {
  onProgress?: (progress: ReconcileProgress) => void
  /** Chain reads in flight at most (balances, receipts). Default 8. */
  concurrency?: number
  /** Wallets per page read from storage. Default 200. */
  pageSize?: number
}

/** A wallet whose confirmed ledger sum is not its balance. Amounts in wei, decimal strings. */
export type BalanceDrift = {
  walletAddress: string
  ledgerWei: string
  chainWei: string
  /** chain − ledger. */
  differenceWei: string
  /** Its entries not counted (pending, failed, or mined after the block read): a mint in flight explains a drift of that size. */
  unconfirmedWei: string
}

/** A confirmed entry that its transaction does not show. */
export type EntryDrift = {
  entryId: string
  kind: LedgerEntry['kind']
  walletAddress: string
  txHash: string | null
  logIndex: number | null
  problem: string
}

export type ReconcileLedgerReturnType = {
  ok: boolean
  brandId: string | null
  chainId: number
  token: string
  /** Balances were read at this block; only entries mined up to it count. */
  blockNumber: number
  wallets: number
  entriesChecked: number
  /**
   * Pending mint entries whose batch transaction is already mined up to `blockNumber` (the minter
   * settles them at its next receipt check); their wallets' balances count them, not as drifts.
   */
  settlingEntries: number
  balanceDrifts: BalanceDrift[]
  entryDrifts: EntryDrift[]
}

/** Receipts kept while checking (a batch's receipt serves all its entries). */
const RECEIPT_CACHE = 2_000

/**
 * Reconciles the ledger with the chain, at one block (the head when it starts): for every wallet
 * with an entry (or with an entry at `brandId`), the exact sum of its confirmed entries against the
 * token's `balanceOf` at that block (mints mined but not settled yet are counted, not drifts:
 * `settlingMintWei`); and every confirmed entry against its transaction's logs
 * (`entryLogProblem`). Streams wallets in pages and reads the chain with bounded concurrency.
 * Answers every drift; `ok` when there is none. docs/ledger.md#reconcile.
 */
export async function reconcileLedger(
  ctx: EngineContext,
  params: ReconcileLedgerParameters = {},
  options: ReconcileLedgerOptions = {},
): Promise<ReconcileLedgerReturnType> {
  const { brandId } = parseInput(reconcileLedgerParametersSchema, params, 'Invalid reconcile parameters')
  const chain = ctx.chain
  if (!chain) throw new UnavailableError('Reconcile needs the chain', 'CHAIN_UNAVAILABLE')
  const client = chain.publicClient
  const token = chain.contracts.pointsToken
  const concurrency = Math.max(1, options.concurrency ?? 8)
  const pageSize = Math.max(1, options.pageSize ?? 200)
  // The head now, not viem's cached block number (up to 4 s old).
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  const walletsTotal = await ctx.storage.ledger.countWallets({ brandId })
  const receipts = new Map<string, EntryReceipt | undefined>()
  const receiptOf = async (hash: string) => {
    if (receipts.has(hash)) return receipts.get(hash)
    const receipt = (await client.getTransactionReceipt({ hash: hash as Hash }).catch(() => undefined)) as
      | EntryReceipt
      | undefined
    if (receipts.size >= RECEIPT_CACHE) receipts.delete(receipts.keys().next().value as string)
    receipts.set(hash, receipt)
    return receipt
  }

  const result: ReconcileLedgerReturnType = {
    ok: true,
    brandId: brandId ?? null,
    chainId: chain.chainId,
    token: token.toLowerCase(),
    blockNumber: Number(blockNumber),
    wallets: 0,
    entriesChecked: 0,
    settlingEntries: 0,
    balanceDrifts: [],
    entryDrifts: [],
  }
  let after: string | undefined
  for (;;) {
    const sums = await ctx.storage.ledger.listWalletSums({
      brandId,
      afterWallet: after,
      atBlock: result.blockNumber,
      limit: pageSize,
    })
    if (sums.length === 0) break
    after = sums[sums.length - 1]?.walletAddress
    const balances = await mapConcurrent(sums, concurrency, (s) =>
      client.readContract({
        address: token,
        abi: pointsTokenAbi,
        functionName: 'balanceOf',
        args: [s.walletAddress as Address],
        blockNumber,
      }),
    )
    for (const [i, s] of sums.entries()) {
      const chainWei = balances[i] as bigint
      const ledgerWei = BigInt(s.confirmedWei)
      if (chainWei === ledgerWei) continue
      // A batch mined up to the block and not settled yet is not a drift: the minter confirms it next.
      const settling =
        chainWei > ledgerWei ? await settlingMintWei(ctx, s.walletAddress, result.blockNumber, receiptOf) : undefined
      if (settling && ledgerWei + settling.wei === chainWei) {
        result.settlingEntries += settling.entries
        continue
      }
      result.balanceDrifts.push({
        walletAddress: s.walletAddress,
        ledgerWei: ledgerWei.toString(),
        chainWei: chainWei.toString(),
        differenceWei: (chainWei - ledgerWei).toString(),
        unconfirmedWei: s.unconfirmedWei,
      })
    }

    const entries = (await ctx.storage.ledger.listConfirmedByWallets(sums.map((s) => s.walletAddress))).filter(
      (e) => e.blockNumber === null || e.blockNumber <= result.blockNumber,
    )
    const hashes = [...new Set(entries.flatMap((e) => (e.txHash ? [e.txHash] : [])))]
    await mapConcurrent(hashes, concurrency, receiptOf)
    for (const e of entries) {
      const problem = entryLogProblem(
        e,
        e.txHash ? (receipts.get(e.txHash) ?? (await receiptOf(e.txHash))) : undefined,
        token,
      )
      if (problem) {
        result.entryDrifts.push({
          entryId: e.id,
          kind: e.kind,
          walletAddress: e.walletAddress,
          txHash: e.txHash,
          logIndex: e.logIndex,
          problem,
        })
      }
    }
    result.wallets += sums.length
    result.entriesChecked += entries.length
    options.onProgress?.({
      walletsDone: result.wallets,
      walletsTotal: Math.max(walletsTotal, result.wallets),
      entriesChecked: result.entriesChecked,
    })
  }
  result.ok = result.balanceDrifts.length === 0 && result.entryDrifts.length === 0
  return result
}
