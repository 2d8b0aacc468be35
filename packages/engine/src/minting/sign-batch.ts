import { type Hex, keccak256 } from 'viem'
import { assertWithinGasCaps } from '../chain/gas-caps'
import type { MintBatchRecord, MintJobRecord, MintTxRecord } from '../ports/mint-store'
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

const bump = (value: bigint) => (value * 1125n + 999n) / 1000n

/**
 * Signs the next transaction of a batch and stores it (fenced) before anyone broadcasts it.
 *
 * - Nonce: the batch keeps its nonce while that nonce is unused on chain (a re-sign is then a
 *   replacement and leaves no gap); once the chain moved past it (mined revert, someone else's
 *   transaction) the batch takes a fresh nonce from the NonceStore.
 * - Retries are simulated first, so a deterministic revert costs no gas, and `BatchAlreadyMinted`
 *   settles the batch instead of signing it again.
 * - Gas limit and fees are checked against the caps before signing; over a cap nothing is signed.
 */
export async function signBatch(
  rt: MinterRuntime,
  batch: MintBatchRecord,
  p: { jobs?: MintJobRecord[]; replace?: MintTxRecord } = {},
): Promise<SignBatchResult> {
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
    await rt.retry(batch, `simulation reverted: ${revert.message}`)
    return { outcome: 'deferred' }
  }

  if (batch.attempts > 0 && !p.replace) {
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
    if (gas > options.gasCaps.maxGas && estimate <= options.gasCaps.maxGas) gas = options.gasCaps.maxGas
  } else {
    gas = options.baseGas + options.gasPerMint * BigInt(jobs.length)
  }

  let { maxFeePerGas, maxPriorityFeePerGas } = await rt.fees()
  let reuseNonce: number | undefined
  if (p.replace) {
    reuseNonce = p.replace.nonce
  } else if (batch.nonce !== null) {
    const chainNonce = await client.getTransactionCount({ address: rt.signerAddress, blockTag: 'latest' })
    if (chainNonce <= batch.nonce) reuseNonce = batch.nonce
  }
  if (reuseNonce !== undefined) {
    // Same nonce as earlier attempts: pay 12.5% more than any of them that may sit in a mempool.
    const earlier = (await rt.ctx.storage.mint.listTransactions(batch.batchId)).filter(
      (t) => t.nonce === reuseNonce && (t.status === 'sent' || t.txHash === p.replace?.txHash),
    )
    for (const t of earlier) {
      const fee = bump(BigInt(t.maxFeePerGas))
      const tip = bump(BigInt(t.maxPriorityFeePerGas))
      if (fee > maxFeePerGas) maxFeePerGas = fee
      if (tip > maxPriorityFeePerGas) maxPriorityFeePerGas = tip
    }
    if (maxPriorityFeePerGas > maxFeePerGas) maxFeePerGas = maxPriorityFeePerGas
    if (maxFeePerGas > options.gasCaps.maxFeePerGas && (p.replace || earlier.length > 0)) {
      if (p.replace) return { outcome: 'deferred' }
      maxFeePerGas = options.gasCaps.maxFeePerGas
      if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas
    }
  }

  const tx = await rt.fenced(async (stores) => {
    const nonce = reuseNonce ?? (await stores.nonces.reserve(rt.scope))
    const request = {
      chainId: rt.chain.chainId,
      type: 'eip1559' as const,
      to: token,
      data,
      value: 0n,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    }
    assertWithinGasCaps(request, options.gasCaps)
    const raw: Hex = await rt.signer.signTransaction(request)
    const record: MintTxRecord = {
      txHash: keccak256(raw),
      batchId: batch.batchId,
      chainId: rt.chain.chainId,
      signer: rt.scope.address,
      nonce,
      raw,
      gasLimit: gas.toString(),
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
      status: 'signed',
      error: null,
      createdAt: rt.now(),
      sentAt: null,
    }
    await stores.mint.recordTransaction(record)
    return record
  })
  rt.stats.batchesSigned++
  return { outcome: 'signed', tx }
}
