/**
 * Storage of payments (src/payments, docs/payments.md): checkout sessions created here, the one
 * payment (mint) per paid session, processed provider events, and the refund ledger whose rows are
 * also durable clawback jobs.
 */

/** open: waiting for the payer · paid: the local provider's Pay was pressed (Stripe sessions stay open here). */
export type CheckoutSessionStatus = 'open' | 'paid'

export type CheckoutSessionRecord = {
  /** The provider's session id (`cs_…`, `cs_local_…`). */
  id: string
  provider: string
  brandId: string
  userEmail: string
  /** Lowercase 0x custodial wallet of `userEmail`. */
  walletAddress: string
  /** Integer minor units. */
  amountCents: number
  currency: string
  /** Whole tokens, decimal string. */
  tokenAmount: string
  /** The payer's page as the provider gave it (the local provider's may be a path on this server). */
  checkoutUrl: string
  successUrl: string
  cancelUrl: string
  /** The metadata the session carries (`wallet`, `usd_amount`, `token_amount`, `brand_id`, `email`). */
  metadata: Record<string, string>
  /** Local provider only: the status of the session (for Stripe, Stripe holds the truth). */
  status: CheckoutSessionStatus
  paymentIntentId: string | null
  /** create-checkout's idempotency key (scoped by the caller), unique when set. */
  idempotencyKey: string | null
  createdAt: number
  updatedAt: number
  paidAt: number | null
}

/** One per minted checkout session: the payment's facts and its mint job. */
export type PaymentRecord = {
  sessionId: string
  provider: string
  brandId: string | null
  userEmail: string | null
  /** Lowercase 0x recipient. */
  walletAddress: string
  /** The session metadata's `usd_amount`, as given (decimal string). */
  usdAmount: string
  /** Whole tokens minted, decimal string. */
  tokenAmount: string
  amountTotalCents: number | null
  currency: string | null
  paymentIntentId: string | null
  mintJobId: string
  createdAt: number
}

/** A provider event this server has processed (its id is never processed twice). */
export type PaymentEventRecord = {
  id: string
  provider: string
  /** The provider's event type (`checkout.session.completed`, …). */
  type: string
  /** The session, payment intent or charge the event is about. */
  objectId: string | null
  /** What was done: `minted`, `already_processed`, `ignored: …`, `recorded`, `refunds: 2`, … */
  outcome: string
  /** Normalised facts of the event (JSON object). */
  data: Record<string, unknown>
  processedAt: number
}

/**
 * awaiting_payment: the refund arrived before its payment was minted · pending: to claw back once
 * the payment's mint is confirmed · signed: a clawback transaction is stored (maybe broadcast) ·
 * confirmed: done (`clawedWei` burned, `shortfallWei` could not be: the user had spent it).
 */
export type RefundClawbackStatus = 'awaiting_payment' | 'pending' | 'signed' | 'confirmed'

/** One refund of a paid checkout: a ledger row and a durable clawback job (one per refund id). */
export type RefundClawbackRecord = {
  /** The provider's refund id (`re_…`). */
  refundId: string
  provider: string
  paymentIntentId: string
  chargeId: string | null
  /** Integer minor units refunded by this refund. */
  refundCents: number
  /** The charge's amount, minor units (the refunded share is refundCents / chargeAmountCents). */
  chargeAmountCents: number
  currency: string
  /** The provider's creation time of the refund, epoch ms (orders the refunds of one charge). */
  refundCreatedAt: number
  /** Known once the payment is (`pending` onwards). */
  sessionId: string | null
  brandId: string | null
  walletAddress: string | null
  mintJobId: string | null
  /** Whole tokens to claw back for this refund, decimal string; null while awaiting the payment. */
  tokenAmount: string | null
  status: RefundClawbackStatus
  /** Wei burned (signed: intended by the current transaction; confirmed: final). */
  clawedWei: string | null
  /** Wei that could not be clawed back because the wallet no longer held it. */
  shortfallWei: string | null
  chainId: number | null
  /** Lowercase address of the account that signs the clawback. */
  signer: string | null
  nonce: number | null
  txHash: string | null
  /** The signed raw transaction (kept until confirmed, for re-broadcasts). */
  rawTx: string | null
  /** Earlier attempts with the same nonce, replaced by `txHash` with higher fees; any of them may still be mined. */
  replacedTxHashes: string[]
  /** When the current attempt (`txHash`) was signed, epoch ms. */
  signedAt: number | null
  blockNumber: number | null
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  createdAt: number
  updatedAt: number
  confirmedAt: number | null
}

export interface PaymentStore {
  /**
   * Atomic: with an `idempotencyKey`, of concurrent callers with the same key exactly one inserts
   * (`created: true`) and every caller receives the one stored session. Without a key it inserts.
   */
  insertCheckoutSession(session: CheckoutSessionRecord): Promise<{ session: CheckoutSessionRecord; created: boolean }>
  getCheckoutSession(id: string): Promise<CheckoutSessionRecord | undefined>
  getCheckoutSessionByKey(idempotencyKey: string): Promise<CheckoutSessionRecord | undefined>
  /**
   * Atomic: moves an open session to paid (setting `paymentIntentId` and `paidAt`) and answers it;
   * an already paid session is answered unchanged. Undefined for an unknown id.
   */
  markCheckoutSessionPaid(p: {
    id: string
    paymentIntentId: string
    now: number
  }): Promise<CheckoutSessionRecord | undefined>

  /**
   * Atomic: of concurrent callers for one session id, exactly one inserts (`created: true`); every
   * caller receives the one stored payment. Meant to run in the transaction that enqueues its mint.
   */
  insertPaymentIfAbsent(payment: PaymentRecord): Promise<{ payment: PaymentRecord; created: boolean }>
  getPayment(sessionId: string): Promise<PaymentRecord | undefined>
  findPaymentByIntent(paymentIntentId: string): Promise<PaymentRecord | undefined>

  getEvent(id: string): Promise<PaymentEventRecord | undefined>
  /** Records a processed event; a second record of the same id is ignored (answers false). */
  recordEvent(event: PaymentEventRecord): Promise<boolean>

  /** Atomic per refund id: an existing row is answered unchanged (`created: false`). */
  insertRefundIfAbsent(refund: RefundClawbackRecord): Promise<{ refund: RefundClawbackRecord; created: boolean }>
  getRefund(refundId: string): Promise<RefundClawbackRecord | undefined>
  /** Every refund of a payment intent, in charge order (refundCreatedAt, refundId). */
  listRefundsByIntent(paymentIntentId: string): Promise<RefundClawbackRecord[]>
  /**
   * Refunds whose payment was not known when they were recorded and whose next look is due
   * (`nextAttemptAt` ≤ now), soonest first.
   */
  listAwaitingRefunds(p: { now: number; limit: number }): Promise<RefundClawbackRecord[]>
  /** Look for an awaiting refund's payment again at `nextAttemptAt` (its payment is still unknown). */
  deferAwaitingRefund(p: { refundId: string; nextAttemptAt: number; now: number }): Promise<void>
  /**
   * Attaches an `awaiting_payment` refund to its payment and sets the tokens to claw back: status
   * `pending`. Answers false (and changes nothing) when the row is no longer awaiting.
   */
  attachRefund(p: {
    refundId: string
    sessionId: string
    brandId: string | null
    walletAddress: string
    mintJobId: string
    tokenAmount: string
    now: number
  }): Promise<boolean>
  /**
   * Clawbacks that are due (`pending` or `signed`, `nextAttemptAt` ≤ now) and whose payment's mint
   * job is confirmed, oldest first.
   */
  listDueClawbacks(p: { now: number; limit: number }): Promise<RefundClawbackRecord[]>
  /** Rows per status (reports, `drain`). */
  countRefunds(): Promise<Record<RefundClawbackStatus, number>>
  /** The ledger, newest first, optionally of one brand or status. */
  listRefunds(p: {
    brandId?: string | undefined
    status?: RefundClawbackStatus | undefined
    limit: number
  }): Promise<RefundClawbackRecord[]>
  /** Stores a signed clawback transaction before it is broadcast: status `signed`, attempts + 1. */
  recordClawbackTransaction(p: {
    refundId: string
    chainId: number
    signer: string
    nonce: number
    txHash: string
    rawTx: string
    clawedWei: string
    shortfallWei: string
    now: number
  }): Promise<void>
  /**
   * Replaces the current signed transaction (`previousTxHash`) with another of the same nonce and
   * higher fees: `txHash`/`rawTx` become the new one, the previous hash joins `replacedTxHashes`,
   * `signedAt` is now. Answers false (nothing changed) when the current transaction is not
   * `previousTxHash` any more.
   */
  replaceClawbackTransaction(p: {
    refundId: string
    previousTxHash: string
    txHash: string
    rawTx: string
    now: number
  }): Promise<boolean>
  /** Final: status `confirmed`, raw transaction cleared. `txHash` null when nothing was left to burn. */
  confirmClawback(p: {
    refundId: string
    txHash: string | null
    blockNumber: number | null
    clawedWei: string
    shortfallWei: string
    now: number
  }): Promise<void>
  /**
   * Try again at `nextAttemptAt`. `resign: true` forgets the current transaction and the ones it
   * replaced (none can ever be mined: reverted, or their nonce was used by another transaction) and
   * goes back to `pending`.
   */
  scheduleClawbackRetry(p: {
    refundId: string
    error: string
    nextAttemptAt: number
    resign: boolean
    now: number
  }): Promise<void>
}
