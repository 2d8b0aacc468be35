import type { Hex } from 'viem'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { getMintJob } from './get-mint-job'
import type { MintJob } from './mint-job'
import { mintSignals } from './mint-signals'

export const waitForMintParametersSchema = z.object({ jobId: z.string() })

export type WaitForMintParameters = z.input<typeof waitForMintParametersSchema>

export type WaitForMintOptions = {
  /** How long to wait for the confirmation (0 = just look). */
  timeoutMs: number
  /** Longest pause between two storage polls (they start at 25 ms and grow); default 500. */
  maxPollIntervalMs?: number
}

export type WaitForMintReturnType = {
  status: 'confirmed' | 'pending'
  /** Confirmed: the minting transaction. Pending: the batch's current transaction, if signed yet. */
  txHash?: Hex
  blockNumber?: number
  job: MintJob
}

/**
 * Waits (bounded) until a job's batch is confirmed on chain. Wakes the in-process minter first (the
 * job is committed by now), resolves at once on the minter's in-process signal, and polls storage
 * so that a minter in another process works too. Throws NotFoundError (MINT_JOB_NOT_FOUND).
 */
export async function waitForMint(
  ctx: EngineContext,
  params: WaitForMintParameters,
  options: WaitForMintOptions,
): Promise<WaitForMintReturnType> {
  const { jobId } = parseInput(waitForMintParametersSchema, params, 'Invalid mint job query')
  const signals = mintSignals(ctx.storage)
  signals.wake()
  const deadline = Date.now() + Math.max(0, options.timeoutMs)
  const maxPoll = options.maxPollIntervalMs ?? 500
  let pollMs = 25

  for (;;) {
    const job = await getMintJob(ctx, { jobId })
    if (!job) throw new NotFoundError(`mint job ${jobId} not found`, 'MINT_JOB_NOT_FOUND', { jobId })
    if (job.status === 'confirmed' && job.txHash) {
      return {
        status: 'confirmed',
        txHash: job.txHash,
        ...(job.blockNumber === null ? {} : { blockNumber: job.blockNumber }),
        job,
      }
    }
    const left = deadline - Date.now()
    if (left <= 0) return { status: 'pending', ...(job.txHash ? { txHash: job.txHash } : {}), job }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(pollMs, left))
      const off = signals.onConfirmed(jobId, done)
      function done() {
        clearTimeout(timer)
        off()
        resolve()
      }
    })
    pollMs = Math.min(maxPoll, Math.ceil(pollMs * 1.5))
  }
}
