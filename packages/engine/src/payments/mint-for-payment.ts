import { explorerTxUrl } from '../chain/explorer-tx-url'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { waitForMint } from '../minting/wait-for-mint'
import type { PaymentProvider } from '../ports/payment-provider'
import type { PaymentRecord } from '../ports/payment-store'
import { stripControlCharacters } from '../text/strip-control-characters'
import { acceptPayment } from './accept-payment'
import { type MintForPaymentParameters, mintForPaymentParametersSchema } from './mint-for-payment-schema'

export type MintForPaymentOptions = {
  provider: PaymentProvider
  /** How long to wait for the mint's transaction hash before answering `status: "pending"`. Default 20 s. */
  mintWaitMs?: number
}

export type MintForPaymentReturnType = {
  sessionId: string
  /** True when an earlier call (or webhook) already minted this session: same data as then. */
  alreadyProcessed: boolean
  /** `pending` when the mint was not confirmed within the wait; `txHash` is then null. */
  status: 'confirmed' | 'pending'
  txHash: string | null
  /** `<explorer>/tx/<txHash>` when a block explorer is configured, else null. */
  blockExplorer: string | null
  walletAddress: string
  usdAmount: number
  tokenAmount: number
  paymentIntentId: string | null
}

/**
 * Mints the tokens a paid checkout session bought, exactly once per session (see `acceptPayment`),
 * then waits (bounded) for the mint's transaction hash. Every call for one session (100 concurrent
 * ones, retries, the webhook) shares the one mint job, so every answer carries the same `txHash`.
 */
export async function mintForPayment(
  ctx: EngineContext,
  params: MintForPaymentParameters,
  options: MintForPaymentOptions,
): Promise<MintForPaymentReturnType> {
  const { sessionId } = parseInput(mintForPaymentParametersSchema, stripControlCharacters(params), 'Validation failed')
  const { payment, created } = await acceptPayment(ctx, sessionId, options)
  return settlePayment(ctx, payment, !created, options.mintWaitMs ?? 20_000)
}

/** Waits (bounded) for a payment's mint and answers it in payment-mint's terms. */
export async function settlePayment(
  ctx: EngineContext,
  payment: PaymentRecord,
  alreadyProcessed: boolean,
  mintWaitMs: number,
): Promise<MintForPaymentReturnType> {
  const mint = await waitForMint(ctx, { jobId: payment.mintJobId }, { timeoutMs: mintWaitMs })
  const txHash = mint.status === 'confirmed' ? (mint.txHash ?? null) : null
  return {
    sessionId: payment.sessionId,
    alreadyProcessed,
    status: txHash ? 'confirmed' : 'pending',
    txHash,
    blockExplorer: explorerTxUrl(ctx.chain, txHash),
    walletAddress: payment.walletAddress,
    usdAmount: Number(payment.usdAmount),
    tokenAmount: Number(payment.tokenAmount),
    paymentIntentId: payment.paymentIntentId,
  }
}
