import { type Address, type Hash, type Hex, keccak256, parseTransaction, type TransactionReceipt } from 'viem'
import { classifySendError, type SendErrorKind } from '../chain/classify-send-error'
import { diagnoseNonceTooLow } from '../chain/diagnose-nonce-too-low'
import { type Eip1559Fees, feesWithinCaps } from '../chain/fees-within-caps'
import { assertWithinGasCaps } from '../chain/gas-caps'
import { replacementFees } from '../chain/replacement-fees'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { isLoyaltyError } from '../errors/loyalty-error'
import type { ChainPort, GasCaps } from '../ports/chain'
import type { NonceScope } from '../ports/nonce-store'
import type { RelayGasSubject, RelayTxKind, RelayTxRecord } from '../ports/relay-store'
import type { Storage, Stores } from '../ports/storage'
import { RelayUnavailableError } from './relay-errors'
import { RELAY_MAX_FEE_PER_GAS, RELAY_MAX_GAS_LIMIT } from './relay-options'
import { utcDay } from './utc-day'

/** One transaction the relayer account should sign and send. */
export type RelayTxIntent = {
  kind: RelayTxKind
  to: Address
  data: Hex
  /** Explicit gas limit (estimated by the caller); checked against the relayer's caps. */
  gas: bigint
  functionName: string
  /** The user the call acts for (gas is counted for them), or null. */
  userAddress: string | null
  /** The brand the gas is attributed to, or null. */
  brandId: string | null
}

/** A mined transaction (its receipt may say `reverted`). */
export type RelayTxOutcome = { txHash: Hash; nonce: number; receipt: TransactionReceipt }

export type RelaySendOptions = {
  /** RPC chains: how long the caller waits for the receipt; default 60000 ms. */
  receiptTimeoutMs?: number
  /** RPC chains: a transaction still unmined after this long is replaced with higher fees; default 30000 ms. */
  replaceAfterMs?: number
}

export type RelaySenderStats = {
  groups: number
  largestGroup: number
  sent: number
  requeued: number
  failed: number
  recoveries: number
  /** Stuck transactions replaced with higher fees (RPC chains). */
  replaced: number
}

export type RelaySender = {
  readonly address: Address
  /** Signs (nonce from the NonceStore), stores, broadcasts and waits for the receipt. */
  send(intent: RelayTxIntent, options?: RelaySendOptions): Promise<RelayTxOutcome>
  stats(): RelaySenderStats
}

type Pending = {
  intent: RelayTxIntent
  receiptTimeoutMs: number
  replaceAfterMs: number
  attempts: number
  resolve(outcome: RelayTxOutcome): void
  reject(error: unknown): void
}

type Signed = { item: Pending; record: RelayTxRecord }

/** A broadcast transaction; with its receipt when the chain mined it in the same call. */
type Sent = Signed & { receipt?: TransactionReceipt | undefined }

type BroadcastFailure = { index: number; kind: SendErrorKind; message: string }

type Broadcast = { ok: true } | { ok: false; kind: SendErrorKind; message: string }

/** Largest group signed in one storage transaction. */
const MAX_GROUP = 64
/**
 * When nothing is being broadcast, the loop waits this long before taking a group, so that requests
 * arriving together share one (fewer storage transactions and chain calls per transaction).
 */
const LINGER_MS = 2
/** RPC chains: receipts are polled this often. */
const RECEIPT_POLL_MS = 500
/** A request is re-signed at most this many times after nonce trouble. */
const MAX_ATTEMPTS = 4

const smaller = (a: bigint, b: bigint) => (a < b ? a : b)

const senders = new WeakMap<ChainPort, WeakMap<Storage, RelaySender>>()

/** The process's sender for the context's chain and storage (created on first use). */
export function relaySenderOf(ctx: EngineContext): RelaySender {
  const chain = ctx.chain
  if (!chain) throw new UnavailableError('The chain is not available', 'CHAIN_UNAVAILABLE')
  let byStorage = senders.get(chain)
  if (!byStorage) {
    byStorage = new WeakMap()
    senders.set(chain, byStorage)
  }
  let sender = byStorage.get(ctx.storage)
  if (!sender) {
    sender = createRelaySender(ctx, chain)
    byStorage.set(ctx.storage, sender)
  }
  return sender
}

/**
 * The relayer account's transaction pipeline, shared by every relay in the process. Requests queue;
 * one loop takes them in groups (group commit): in ONE storage transaction it reserves a nonce per
 * transaction from the NonceStore, signs it (within the relayer caps: 100 gwei, 1,000,000 gas) and
 * stores the raw transaction; then it broadcasts the group in nonce order (an automining chain
 * refuses a nonce gap) and settles the receipts (status, gas used per user and brand). Broadcast
 * errors are classified, never retried blindly: a nonce used by someone else resyncs the sequence
 * from the chain; a gap re-broadcasts stored transactions or releases the missing nonce; every
 * transaction behind a failed one gets its nonce released and is signed again. At the first use
 * (and after trouble) stored transactions that were signed but never settled are re-broadcast
 * (crash recovery). Several processes may send for the same account: nonces come from storage.
 */
export function createRelaySender(ctx: EngineContext, chain: ChainPort): RelaySender {
  const client = chain.publicClient
  const address = chain.relayer.address
  const scope: NonceScope = { chainId: chain.chainId, address: address.toLowerCase() }
  const caps: GasCaps = {
    maxFeePerGas: smaller(chain.gasCaps.maxFeePerGas, RELAY_MAX_FEE_PER_GAS),
    maxGas: smaller(chain.gasCaps.maxGas, BigInt(RELAY_MAX_GAS_LIMIT)),
  }
  const logger = ctx.logger.child({ component: 'relay-sender', signer: address })
  const stats: RelaySenderStats = {
    groups: 0,
    largestGroup: 0,
    sent: 0,
    requeued: 0,
    failed: 0,
    recoveries: 0,
    replaced: 0,
  }
  const queue: Pending[] = []
  let running = false
  let wakeLoop: (() => void) | undefined
  let recovered = false
  let fillGaps = false
  let feeCache: { at: number; fees: Eip1559Fees } | undefined

  async function fees(): Promise<Eip1559Fees> {
    const now = Date.now()
    if (feeCache && now - feeCache.at < 1_000) return feeCache.fees
    const f = await feesWithinCaps(client, caps)
    feeCache = { at: now, fees: f }
    return f
  }

  /** What the chain's refusal of `record` means: it is on chain already (ok), or a failure of some kind. */
  async function judge(record: RelayTxRecord, error: unknown): Promise<Broadcast> {
    const { kind, message } = classifySendError(error)
    if (kind === 'already_known' || kind === 'reverted') return { ok: true }
    if (kind === 'nonce_too_low') {
      const diagnosis = await diagnoseNonceTooLow(client, {
        address,
        nonce: record.nonce,
        txHashes: [record.txHash as Hash],
      })
      if (diagnosis.verdict === 'mined') return { ok: true }
    }
    return { ok: false, kind, message }
  }

  async function broadcast(record: RelayTxRecord): Promise<Broadcast> {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.request({ method: 'eth_sendRawTransaction', params: [record.raw as Hex] })
        return { ok: true }
      } catch (error) {
        const judged = await judge(record, error)
        if (!judged.ok && judged.kind === 'transient' && attempt < 2) {
          await new Promise((r) => setTimeout(r, 100 * 4 ** attempt))
          continue
        }
        return judged
      }
    }
  }

  /**
   * Broadcasts a group in nonce order until the first refusal. On the embedded chain the group is
   * mined together (`sendRawTransactions`: one block instead of one per transaction, receipts in
   * the same round); elsewhere one `eth_sendRawTransaction` each.
   */
  async function broadcastGroup(signed: Signed[]): Promise<{ sent: Sent[]; failure?: BroadcastFailure }> {
    const sent: Sent[] = []
    const sendMany = chain.sendRawTransactions?.bind(chain)
    for (let i = 0; i < signed.length; ) {
      let result: Broadcast
      if (sendMany) {
        const batch = await sendMany(signed.slice(i).map((s) => s.record.raw as Hex))
        for (let k = 0; k < batch.mined; k++) sent.push({ ...(signed[i + k] as Signed), receipt: batch.receipts[k] })
        i += batch.mined
        if (i >= signed.length) break
        result = await judge((signed[i] as Signed).record, batch.error)
        // Network-like trouble: the one-by-one path retries it.
        if (!result.ok && result.kind === 'transient') result = await broadcast((signed[i] as Signed).record)
      } else {
        result = await broadcast((signed[i] as Signed).record)
      }
      if (!result.ok) return { sent, failure: { index: i, kind: result.kind, message: result.message } }
      sent.push(signed[i] as Signed)
      i++
    }
    return { sent }
  }

  /** Records receipts (once each) and the gas they used, per user and brand, in one transaction. */
  async function settle(mined: Array<{ record: RelayTxRecord; receipt: TransactionReceipt }>): Promise<void> {
    if (mined.length === 0) return
    const now = ctx.clock.now()
    const day = utcDay(now)
    await ctx.storage.transaction(async (tx) => {
      // Gas is added once per subject for the whole group (the brand of a busy group is one row).
      const usage = new Map<string, { subject: RelayGasSubject; gasUsed: number; transactions: number }>()
      const add = (subject: RelayGasSubject, gasUsed: number) => {
        const key = `${subject.kind}:${subject.id}`
        const entry = usage.get(key) ?? { subject, gasUsed: 0, transactions: 0 }
        entry.gasUsed += gasUsed
        entry.transactions++
        usage.set(key, entry)
      }
      for (const { record, receipt } of mined) {
        const settled = await tx.relay.settleTransaction({
          txHash: record.txHash,
          status: receipt.status === 'success' ? 'confirmed' : 'reverted',
          gasUsed: receipt.gasUsed.toString(),
          effectiveGasPrice: (receipt.effectiveGasPrice ?? 0n).toString(),
          blockNumber: Number(receipt.blockNumber),
          now,
        })
        if (!settled) continue
        const gasUsed = Number(receipt.gasUsed)
        if (record.userAddress) add({ kind: 'user', id: record.userAddress }, gasUsed)
        if (record.brandId) add({ kind: 'brand', id: record.brandId }, gasUsed)
      }
      for (const u of usage.values()) await tx.relay.addGasUsage({ ...u, day })
    })
  }

  async function drop(tx: Stores, record: RelayTxRecord, error: string, release: boolean) {
    await tx.relay.dropTransaction({ txHash: record.txHash, error, now: ctx.clock.now() })
    if (release) await tx.nonces.release({ ...scope, nonce: record.nonce })
  }

  /**
   * RPC chains, outside the loop: polls the receipt of every attempt until one is mined, settles
   * it and answers the request. When none is mined after `replaceAfterMs`, a replacement is signed
   * (same nonce and call, fees 12.5 % higher or the current ones, within the 100 gwei cap), stored
   * and broadcast, and so on. The mined attempt is settled; the others are dropped (the nonce is
   * the mined one's: not released). Past `receiptTimeoutMs` the request answers 503; the stored
   * attempts are picked up by the next recovery.
   */
  function settleLater(s: Signed) {
    track(s).catch((error: unknown) => {
      s.item.reject(
        new RelayUnavailableError(
          'The relayed transaction was sent but is not mined yet; it may still be',
          'RELAY_RECEIPT_TIMEOUT',
          { transactionHash: s.record.txHash },
          error,
        ),
      )
    })
  }

  async function track(s: Signed): Promise<void> {
    const started = Date.now()
    const attempts = [s.record]
    let lastSignedAt = started
    for (;;) {
      for (const record of attempts) {
        const receipt = await client.getTransactionReceipt({ hash: record.txHash as Hash }).catch(() => undefined)
        if (!receipt) continue
        await settle([{ record, receipt }])
        const replaced = attempts.filter((a) => a !== record)
        if (replaced.length > 0) {
          await ctx.storage.transaction(async (tx) => {
            for (const other of replaced) await drop(tx, other, `replaced by ${record.txHash}`, false)
          })
        }
        s.item.resolve({ txHash: record.txHash as Hash, nonce: record.nonce, receipt })
        return
      }
      if (Date.now() - started >= s.item.receiptTimeoutMs) throw new Error('no receipt before the timeout')
      if (Date.now() - lastSignedAt >= s.item.replaceAfterMs) {
        lastSignedAt = Date.now()
        const replacement = await replace(attempts.at(-1) as RelayTxRecord)
        if (replacement) attempts.push(replacement)
      }
      await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS))
    }
  }

  /** Signs, stores and broadcasts a replacement of `last` with higher fees; undefined when none went out. */
  async function replace(last: RelayTxRecord): Promise<RelayTxRecord | undefined> {
    const current = await fees().catch(() => undefined)
    const bumped = replacementFees(
      { maxFeePerGas: BigInt(last.maxFeePerGas), maxPriorityFeePerGas: BigInt(last.maxPriorityFeePerGas) },
      current,
      caps.maxFeePerGas,
    )
    if (!bumped) return undefined
    const stuck = parseTransaction(last.raw as Hex)
    const request = {
      chainId: chain.chainId,
      type: 'eip1559' as const,
      to: stuck.to as Address,
      data: stuck.data ?? '0x',
      value: 0n,
      nonce: last.nonce,
      gas: BigInt(last.gasLimit),
      ...bumped,
    }
    assertWithinGasCaps(request, caps)
    const raw = await chain.relayer.signTransaction(request)
    const now = ctx.clock.now()
    const record: RelayTxRecord = {
      ...last,
      txHash: keccak256(raw),
      raw,
      maxFeePerGas: bumped.maxFeePerGas.toString(),
      maxPriorityFeePerGas: bumped.maxPriorityFeePerGas.toString(),
      status: 'signed',
      error: null,
      createdAt: now,
      updatedAt: now,
    }
    await ctx.storage.relay.recordTransactions([record])
    const sent = await broadcast(record)
    if (!sent.ok) {
      // Refused (the stuck one was mined meanwhile, or the node wants more): keep tracking the others.
      await ctx.storage.transaction((tx) => drop(tx, record, `replacement not accepted: ${sent.message}`, false))
      return undefined
    }
    await ctx.storage.relay.markSent({ txHashes: [record.txHash], now: ctx.clock.now() })
    stats.replaced++
    logger.info(
      { nonce: record.nonce, txHash: record.txHash, replaces: last.txHash, maxFeePerGas: record.maxFeePerGas },
      'stuck relayer transaction replaced with higher fees',
    )
    return record
  }

  /** Re-broadcasts stored transactions that were never settled; fills nonce gaps after a "nonce too high". */
  async function recover(): Promise<void> {
    stats.recoveries++
    const pending = await client.getTransactionCount({ address, blockTag: 'pending' })
    await ctx.storage.nonces.resync({ ...scope, chainNonce: pending })
    const open = await ctx.storage.relay.listUnsettled({ chainId: chain.chainId, signer: scope.address })
    if (open.length > 0) {
      const latest = await client.getTransactionCount({ address, blockTag: 'latest' })
      const byNonce = new Map<number, RelayTxRecord[]>()
      for (const record of open) byNonce.set(record.nonce, [...(byNonce.get(record.nonce) ?? []), record])
      for (const attempts of byNonce.values()) {
        // Several attempts of one nonce (a stuck one and its replacements): at most one is mined.
        let mined: { record: RelayTxRecord; receipt: TransactionReceipt } | undefined
        for (const record of attempts) {
          const receipt = await client.getTransactionReceipt({ hash: record.txHash as Hash }).catch(() => undefined)
          if (receipt) mined = { record, receipt }
        }
        const newest = attempts.reduce((a, b) => (BigInt(b.maxFeePerGas) > BigInt(a.maxFeePerGas) ? b : a))
        const keep = mined?.record ?? newest
        const others = attempts.filter((a) => a !== keep)
        if (others.length > 0) {
          await ctx.storage.transaction(async (tx) => {
            for (const other of others) await drop(tx, other, `replaced by ${keep.txHash}`, false)
          })
        }
        if (mined) {
          await settle([mined])
          continue
        }
        const record = newest
        if (record.nonce < latest) {
          await ctx.storage.transaction((tx) => drop(tx, record, 'nonce used by another transaction', false))
          continue
        }
        const sent = await broadcast(record)
        if (!sent.ok) {
          await ctx.storage.transaction((tx) => drop(tx, record, sent.message, sent.kind !== 'nonce_too_low'))
          continue
        }
        const receipt = await client.getTransactionReceipt({ hash: record.txHash as Hash }).catch(() => undefined)
        if (receipt) await settle([{ record, receipt }])
        else await ctx.storage.relay.markSent({ txHashes: [record.txHash], now: ctx.clock.now() })
      }
      logger.info({ transactions: open.length }, 'relayer transactions recovered')
    }
    if (fillGaps) {
      fillGaps = false
      const chainPending = await client.getTransactionCount({ address, blockTag: 'pending' })
      const { next, released } = await ctx.storage.nonces.peek(scope)
      const live = new Set(
        (await ctx.storage.relay.listUnsettled({ chainId: chain.chainId, signer: scope.address })).map((r) => r.nonce),
      )
      const gaps: number[] = []
      for (let n = chainPending; next !== undefined && n < next; n++) {
        if (!live.has(n) && !released.includes(n)) gaps.push(n)
      }
      if (gaps.length > 0) {
        await ctx.storage.transaction(async (tx) => {
          for (const nonce of gaps) await tx.nonces.release({ ...scope, nonce })
        })
        logger.warn({ nonces: gaps }, 'relayer nonce gap released')
      }
    }
  }

  function requeue(items: Pending[]) {
    const again: Pending[] = []
    for (const item of items) {
      item.attempts++
      if (item.attempts >= MAX_ATTEMPTS) {
        stats.failed++
        item.reject(
          new RelayUnavailableError('The relayer could not find a free nonce; try again', 'RELAY_NONCE_CONFLICT', {}),
        )
      } else again.push(item)
    }
    stats.requeued += again.length
    queue.unshift(...again)
  }

  /**
   * Reserves a nonce per transaction (one storage transaction), signs outside it (the database is not
   * held while signing) and stores the raw transactions (one statement) before anything is broadcast.
   * A crash between reserving and storing leaves unused nonces: the next "nonce too high" releases them.
   */
  async function signGroup(group: Pending[]): Promise<Signed[]> {
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees()
    const nonces = await ctx.storage.transaction((tx) => tx.nonces.reserveMany({ ...scope, count: group.length }))
    const now = ctx.clock.now()
    const signed: Signed[] = []
    try {
      for (const [i, item] of group.entries()) {
        const { intent } = item
        const nonce = nonces[i] as number
        const request = {
          chainId: chain.chainId,
          type: 'eip1559' as const,
          to: intent.to,
          data: intent.data,
          value: 0n,
          nonce,
          gas: intent.gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }
        assertWithinGasCaps(request, caps)
        const raw = await chain.relayer.signTransaction(request)
        signed.push({
          item,
          record: {
            txHash: keccak256(raw),
            chainId: chain.chainId,
            signer: scope.address,
            nonce,
            raw,
            kind: intent.kind,
            to: intent.to.toLowerCase(),
            functionName: intent.functionName,
            userAddress: intent.userAddress,
            brandId: intent.brandId,
            gasLimit: intent.gas.toString(),
            maxFeePerGas: maxFeePerGas.toString(),
            maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
            status: 'signed',
            gasUsed: null,
            effectiveGasPrice: null,
            blockNumber: null,
            error: null,
            createdAt: now,
            updatedAt: now,
          },
        })
      }
      await ctx.storage.relay.recordTransactions(signed.map((x) => x.record))
    } catch (error) {
      // Nothing was stored or broadcast: give the nonces back for the next group.
      await ctx.storage
        .transaction(async (tx) => {
          for (const nonce of nonces) await tx.nonces.release({ ...scope, nonce })
        })
        .catch(() => undefined)
      throw error
    }
    return signed
  }

  /** Broadcasts a stored group in nonce order, handles a refusal, settles the receipts and answers. */
  async function sendGroup(signed: Signed[]): Promise<void> {
    const { sent, failure } = await broadcastGroup(signed)
    stats.sent += sent.length

    if (failure) await handleFailure(signed, failure)

    if (chain.kind === 'embedded') {
      // Mined by now (automining, or mined with the group): the receipt came back or is readable.
      const mined = await Promise.all(
        sent.map(async (s) => ({
          s,
          receipt:
            s.receipt ?? (await client.getTransactionReceipt({ hash: s.record.txHash as Hash }).catch(() => undefined)),
        })),
      )
      const ready = mined.filter((m): m is { s: Sent; receipt: TransactionReceipt } => m.receipt !== undefined)
      await settle(ready.map((m) => ({ record: m.s.record, receipt: m.receipt })))
      for (const m of ready)
        m.s.item.resolve({ txHash: m.s.record.txHash as Hash, nonce: m.s.record.nonce, receipt: m.receipt })
      for (const m of mined) if (!m.receipt) settleLater(m.s)
    } else {
      await ctx.storage.relay.markSent({ txHashes: sent.map((s) => s.record.txHash), now: ctx.clock.now() })
      for (const s of sent) settleLater(s)
    }
  }

  /** The transaction at `failure.index` was refused: nothing behind it was broadcast. */
  async function handleFailure(signed: Signed[], failure: BroadcastFailure) {
    const failed = signed[failure.index] as Signed
    const behind = signed.slice(failure.index + 1)
    const { kind, message } = failure
    logger.warn({ nonce: failed.record.nonce, kind, error: message }, 'relayer broadcast refused')
    if (kind === 'nonce_too_low') {
      // Someone else used our nonce: move the sequence to the chain; every one of them is signed again.
      const pending = await client.getTransactionCount({ address, blockTag: 'pending' })
      await ctx.storage.transaction(async (tx) => {
        await tx.nonces.resync({ ...scope, chainNonce: pending })
        for (const s of [failed, ...behind]) await drop(tx, s.record, `not broadcast: ${message}`, false)
      })
      requeue([failed.item, ...behind.map((s) => s.item)])
      return
    }
    if (kind === 'transient') {
      // Unknown whether a node has it: keep it stored (the recovery re-broadcasts it), answer 503.
      await ctx.storage.transaction(async (tx) => {
        for (const s of behind) await drop(tx, s.record, 'not broadcast: an earlier transaction failed', true)
      })
      recovered = false
      stats.failed++
      failed.item.reject(
        new RelayUnavailableError('The chain did not accept the transaction; try again', 'RELAY_BROADCAST_FAILED', {
          transactionHash: failed.record.txHash,
          error: message,
        }),
      )
      requeue(behind.map((s) => s.item))
      return
    }
    const retryable = kind === 'nonce_too_high' || kind === 'underpriced' || kind === 'fee_too_low'
    await ctx.storage.transaction(async (tx) => {
      await drop(tx, failed.record, message, true)
      for (const s of behind) await drop(tx, s.record, 'not broadcast: an earlier transaction failed', true)
    })
    if (kind === 'nonce_too_high' || kind === 'underpriced') {
      recovered = false
      fillGaps = true
    }
    if (kind === 'fee_too_low') feeCache = undefined
    if (retryable) {
      requeue([failed.item, ...behind.map((s) => s.item)])
      return
    }
    stats.failed++
    failed.item.reject(
      kind === 'insufficient_funds'
        ? new RelayUnavailableError('The relayer account cannot pay for gas', 'RELAYER_OUT_OF_FUNDS', {
            relayer: address,
          })
        : new RelayUnavailableError(`The chain refused the transaction: ${message}`, 'RELAY_BROADCAST_FAILED', {
            kind,
          }),
    )
    requeue(behind.map((s) => s.item))
  }

  /**
   * The loop: groups are signed while the previous group is being broadcast (a pipeline of depth one;
   * broadcasts stay in nonce order because each waits for the one before). Recovery runs with no
   * broadcast in flight.
   */
  async function run() {
    if (running) return
    running = true
    let sending: Promise<void> = Promise.resolve()
    let inFlight = 0
    try {
      for (;;) {
        if (queue.length === 0) {
          if (inFlight === 0) break
          // Wait for new requests or for the broadcast in flight to finish.
          await new Promise<void>((resolve) => {
            wakeLoop = resolve
            void sending.then(resolve)
          })
          wakeLoop = undefined
          continue
        }
        // Group commit: with nothing being broadcast, wait a moment for more requests to join.
        if (inFlight === 0 && queue.length < MAX_GROUP) await new Promise((r) => setTimeout(r, LINGER_MS))
        const group = queue.splice(0, MAX_GROUP)
        stats.groups++
        if (group.length > stats.largestGroup) stats.largestGroup = group.length
        let signed: Signed[]
        try {
          if (!recovered) {
            await sending
            await recover()
            recovered = true
          }
          signed = await signGroup(group)
        } catch (error) {
          // Nothing of this group was broadcast (fees, recovery, signing or storage failed).
          recovered = recovered && isLoyaltyError(error)
          stats.failed += group.length
          logger.error({ error: error instanceof Error ? error.message : String(error) }, 'relayer group failed')
          for (const item of group) item.reject(error)
          continue
        }
        inFlight++
        sending = sending
          .then(() => sendGroup(signed))
          .catch((error: unknown) => {
            recovered = false
            logger.error({ error: error instanceof Error ? error.message : String(error) }, 'relayer broadcast failed')
            for (const s of signed) s.item.reject(error)
          })
          .finally(() => {
            inFlight--
          })
        // At most one signed group waits behind the one being broadcast.
        if (inFlight > 1) await sending
      }
    } finally {
      running = false
    }
  }

  return {
    address,
    send(intent, options = {}) {
      return new Promise<RelayTxOutcome>((resolve, reject) => {
        queue.push({
          intent,
          receiptTimeoutMs: options.receiptTimeoutMs ?? 60_000,
          replaceAfterMs: options.replaceAfterMs ?? 30_000,
          attempts: 0,
          resolve,
          reject,
        })
        wakeLoop?.()
        void run()
      })
    },
    stats: () => ({ ...stats }),
  }
}
