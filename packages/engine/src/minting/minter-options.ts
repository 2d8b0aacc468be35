import type { LocalAccount } from 'viem'
import type { ChainPort, GasCaps } from '../ports/chain'

export type MinterOptions = {
  /** Account that signs `mintBatch` (holds MINTER_ROLE). Default: `ctx.chain.minter`. */
  signer?: LocalAccount
  /** Jobs per `mintBatch` transaction; lowered automatically so the gas limit stays under `gasCaps.maxGas`. Default 500. */
  maxBatchSize?: number
  /** Group-commit window: after an idle spell, wait this long for more jobs before claiming. Default 5 ms. */
  batchWindowMs?: number
  /** Unconfirmed batches at most (pipelining on RPC chains; also bounds the damage of a failing chain). Default 4. */
  maxInFlight?: number
  /** Idle poll of storage for jobs enqueued by other processes. Default 200 ms. */
  pollIntervalMs?: number
  /** Receipt poll of broadcast transactions. Default 1000 ms (RPC), 50 ms (embedded). */
  receiptPollMs?: number
  /** Lease duration; renewed by every write and every `leaseTtlMs / 3` when idle. Default 15000 ms. */
  leaseTtlMs?: number
  /** Re-send a broadcast transaction that is still unmined after this long. Default 30000 ms. */
  rebroadcastAfterMs?: number
  /** Replace (same nonce, fees +12.5%, within the cap) a transaction still unmined after this long. Default 120000 ms. */
  replaceAfterMs?: number
  /** First retry delay of a failed batch; doubles up to `retryMaxMs`. Defaults 500 / 60000 ms. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Signing caps. Default: `ctx.chain.gasCaps`. */
  gasCaps?: GasCaps
  /**
   * Gas limit of a batch: `formula` = baseGas + gasPerMint × jobs (no simulation; default on the
   * embedded chain); `estimate` = eth_estimateGas × 1.25 (default on RPC chains, e.g. L2s with other
   * gas accounting).
   */
  gasLimit?: 'formula' | 'estimate'
  /** Formula terms; a mint to a fresh holder costs ~25,600 gas. Defaults 100,000 and 28,000. */
  baseGas?: bigint
  gasPerMint?: bigint
  /** Blocks a receipt must be deep before its batch is settled (reorg safety on RPC chains). Default 1. */
  confirmations?: number
  /** Identifies this minter in the lease row, as `<hostname>:<pid>:<hold>:<holderId>` (`leaseHolderId`). Default a uuid. */
  holderId?: string
}

export type ResolvedMinterOptions = Required<Omit<MinterOptions, 'signer' | 'holderId'>> & {
  signer: LocalAccount
  holderId: string | undefined
}

export function resolveMinterOptions(chain: ChainPort, options: MinterOptions): ResolvedMinterOptions {
  const gasCaps = options.gasCaps ?? chain.gasCaps
  const baseGas = options.baseGas ?? 100_000n
  const gasPerMint = options.gasPerMint ?? 28_000n
  const fit = Number((gasCaps.maxGas - baseGas) / gasPerMint)
  const maxBatchSize = Math.max(1, Math.min(options.maxBatchSize ?? 500, fit))
  const embedded = chain.kind === 'embedded'
  return {
    signer: options.signer ?? chain.minter,
    maxBatchSize,
    batchWindowMs: options.batchWindowMs ?? 5,
    maxInFlight: Math.max(1, options.maxInFlight ?? 4),
    pollIntervalMs: options.pollIntervalMs ?? 200,
    receiptPollMs: options.receiptPollMs ?? (embedded ? 50 : 1000),
    leaseTtlMs: options.leaseTtlMs ?? 15_000,
    rebroadcastAfterMs: options.rebroadcastAfterMs ?? 30_000,
    replaceAfterMs: options.replaceAfterMs ?? 120_000,
    retryBaseMs: options.retryBaseMs ?? 500,
    retryMaxMs: options.retryMaxMs ?? 60_000,
    gasCaps,
    gasLimit: options.gasLimit ?? (embedded ? 'formula' : 'estimate'),
    baseGas,
    gasPerMint,
    confirmations: Math.max(1, options.confirmations ?? 1),
    holderId: options.holderId,
  }
}
