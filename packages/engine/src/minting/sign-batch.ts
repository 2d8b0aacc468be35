import type { Eip1559Fees } from '../chain/fees-within-caps'
import { replacementFees } from '../chain/replacement-fees'
import type { MintBatchRecord, MintJobRecord, MintTxRecord } from '../ports/mint-store'
import type { Stores } from '../ports/storage'
import type { SignedTransaction } from '../signers/sign-eip1559'
import { signReplacement } from '../signers/sign-replacement'
import { decodeMintRevert } from './decode-mint-revert'
import { encodeMintBatch } from './mint-batch-call'
import type { MinterRuntime } from './minter-runtime'
import { settleIfMinted } from './settle-batch'

export type SignBatchResult =
  | { outcome: 'signed'; tx: MintTxRecord }
  /** The batch turned out to be minted already and is confirmed now. */
  | { outcome: 'settled' }
  /** Nothing signed: a retry is scheduled, or (replacement) the fee cap leaves no room for a bump. */
  | { outcome: 'deferred' }

/**
 * Signs the next transaction of a batch and stores it (fenced) before anyone broadcasts it.
 *
 * - Nonce: the batch keeps its nonce while that nonce is unused on chain (a re-sign is then a
 *   replacement and leaves no gap); once the chain moved past it (mined revert, someone else's
 *   transaction) the batch takes a fresh nonce from the NonceStore.
 * - Retries are simulated first, so a deterministic revert costs no gas, and `BatchAlreadyMinted`
 *   settles the batch instead of signing it again.
 * - Gas limit and fees are checked against the caps before signing; over a cap nothing is signed.
 * - `replace`: the stuck transaction signed again with higher fees (`signReplacement`).
 */
export async function signBatch(
  rt: MinterRuntime,
  batch: MintBatchRecord,
  p: { jobs?: MintJobRecord[]; replace?: MintTxRecord } = {},
): Promise<SignBatchResult> {
  if (p.replace) return replaceBatchTransaction(rt, batch, p.replace)
  const { options, client } = rt
  const token = rt.chain.contracts.pointsToken
  const jobs = p.jobs ?? (await rt.ctx.storage.mint.listBatchJobs(batch.batchId))
  if (jobs.length === 0) {
    await rt.retry(batch, 'batch has no jobs')
    return { outcome: 'deferred' }
  }
  const data = encodeMintBatch(batch.batchId, jobs)

  const reverted = async (error: unknown): Promise<SignBatchResult | undefined> => {
    const revert = decodeMintRevert(error)
    if (!revert.reverted) throw error
    if (revert.errorName === 'BatchAlreadyMinted' && (await settleIfMinted(rt, batch))) return { outcome: 'settled' }
    await rt.retry(batch, `simulation reverted: ${revert.message}`, {
      reverted: { txHash: null, blockNumber: null, jobs },
    })
    return { outcome: 'deferred' }
  }

  if (batch.attempts > 0) {
    try {
      await client.call({ account: rt.signerAddress, to: token, data })
    } catch (error) {
      const result = await reverted(error)
      if (result) return result
    }
  }

  let gas: bigint
  if (options.gasLimit === 'estimate') {
    let estimate: bigint
    try {
      estimate = await client.estimateGas({ account: rt.signerAddress, to: token, data })
    } catch (error) {
      const result = await reverted(error)
      if (result) return result
      throw error
    }
    gas = (estimate * 125n) / 100n
    if (gas > rt.caps.maxGas && estimate <= rt.caps.maxGas) gas = rt.caps.maxGas
  } else {
    gas = options.baseGas + options.gasPerMint * BigInt(jobs.length)
  }

  let fees: Eip1559Fees = await rt.fees()
  let reuseNonce: number | undefined
  if (batch.nonce !== null) {
    const chainNonce = await client.getTransactionCount({ address: rt.signerAddress, blockTag: 'latest' })
    if (chainNonce <= batch.nonce) reuseNonce = batch.nonce
  }
  if (reuseNonce !== undefined) {
    // Same nonce as earlier attempts: pay 12.5% more than any of them that may sit in a mempool.
    const earlier = await attemptsInPool(rt, batch, reuseNonce)
    if (earlier.length > 0) {
      const bumped = replacementFees(highestFees(earlier), fees, rt.caps.maxFeePerGas)
      if (!bumped) {
        // An earlier attempt already pays the cap: no transaction of ours could replace it.
        await rt.retry(batch, 'an earlier transaction of the batch pays the fee cap; waiting for it')
        return { outcome: 'deferred' }
      }
      fees = bumped
    }
  }

  const tx = await rt.fenced(async (stores) => {
    const nonce = reuseNonce ?? (await stores.nonces.reserve(rt.scope))
    const signed = await rt.sign({ to: token, data, nonce, gas }, fees)
    return storeTransaction(rt, stores, batch, signed, { nonce, gas, fees })
  })
  rt.stats.batchesSigned++
  return { outcome: 'signed', tx }
}

/** The stuck transaction `stuck` of a batch, signed again with higher fees (same call, nonce and gas). */
async function replaceBatchTransaction(
  rt: MinterRuntime,
  batch: MintBatchRecord,
  stuck: MintTxRecord,
): Promise<SignBatchResult> {
  if (!stuck.raw) return { outcome: 'deferred' }
  const earlier = await attemptsInPool(rt, batch, stuck.nonce, stuck.txHash)
  const signed = await signReplacement({
    signer: rt.signer,
    chainId: rt.chain.chainId,
    caps: rt.caps,
    stuck: stuck.raw as `0x${string}`,
    current: await rt.fees(),
    paid: highestFees(earlier),
    overCap: 'give-up',
  })
  if (!signed) return { outcome: 'deferred' }
  const gas = BigInt(stuck.gasLimit)
  const tx = await rt.fenced((stores) =>
    storeTransaction(rt, stores, batch, signed, { nonce: stuck.nonce, gas, fees: signed.fees }),
  )
  rt.stats.batchesSigned++
  return { outcome: 'signed', tx }
}

/** Attempts of the batch with `nonce` that may sit in a mempool (sent, or the one being replaced). */
async function attemptsInPool(rt: MinterRuntime, batch: MintBatchRecord, nonce: number, replacing?: string) {
  return (await rt.ctx.storage.mint.listTransactions(batch.batchId)).filter(
    (t) => t.nonce === nonce && (t.status === 'sent' || t.txHash === replacing),
  )
}

/** The highest fee and tip any of `attempts` offered. */
function highestFees(attempts: readonly MintTxRecord[]): Eip1559Fees {
  let maxFeePerGas = 0n
  let maxPriorityFeePerGas = 0n
  for (const t of attempts) {
    if (BigInt(t.maxFeePerGas) > maxFeePerGas) maxFeePerGas = BigInt(t.maxFeePerGas)
    if (BigInt(t.maxPriorityFeePerGas) > maxPriorityFeePerGas) maxPriorityFeePerGas = BigInt(t.maxPriorityFeePerGas)
  }
  return { maxFeePerGas, maxPriorityFeePerGas }
}

async function storeTransaction(
  rt: MinterRuntime,
  stores: Stores,
  batch: MintBatchRecord,
  signed: SignedTransaction,
  p: { nonce: number; gas: bigint; fees: Eip1559Fees },
): Promise<MintTxRecord> {
  const record: MintTxRecord = {
    txHash: signed.txHash,
    batchId: batch.batchId,
    chainId: rt.chain.chainId,
    signer: rt.scope.address,
    nonce: p.nonce,
    raw: signed.raw,
    gasLimit: p.gas.toString(),
    maxFeePerGas: p.fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: p.fees.maxPriorityFeePerGas.toString(),
    status: 'signed',
    error: null,
    createdAt: rt.now(),
    sentAt: null,
  }
  await stores.mint.recordTransaction(record)
  return record
}
