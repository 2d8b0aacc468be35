import type { Hash, TransactionReceipt } from 'viem'
import type { RelayTxRecord } from '../ports/relay-store'
import { broadcastRelayTransaction } from './broadcast-relay-transactions'
import type { RelaySenderRuntime } from './relay-sender-runtime'
import { settleRelayReceipts } from './settle-relay-receipts'

/**
 * Recovery after a restart (or after trouble): resyncs the relayer's nonces from the chain, then
 * looks at every stored transaction that was never settled, one nonce at a time (a stuck attempt and
 * its replacements share one): a mined attempt is settled and the others dropped; otherwise the
 * newest is broadcast again (a crash between storing and broadcasting leaves no gap), or dropped when
 * another transaction took its nonce; one that cannot be sent yet (a lower nonce missing) stays
 * stored. After a "nonce too high" it also releases the nonces between the chain's and the store's
 * that no stored transaction uses (`releaseNonceGaps`).
 */
export async function recoverRelayTransactions(rt: RelaySenderRuntime): Promise<void> {
  const { client, signerAddress: address, scope, ctx } = rt
  rt.stats.recoveries++
  const pending = await client.getTransactionCount({ address, blockTag: 'pending' })
  await ctx.storage.nonces.resync({ ...scope, chainNonce: pending })
  const open = await ctx.storage.relay.listUnsettled({ chainId: rt.chain.chainId, signer: scope.address })
  if (open.length > 0) {
    const latest = await client.getTransactionCount({ address, blockTag: 'latest' })
    const byNonce = new Map<number, RelayTxRecord[]>()
    for (const record of open) byNonce.set(record.nonce, [...(byNonce.get(record.nonce) ?? []), record])
    for (const attempts of byNonce.values()) await recoverNonce(rt, attempts, latest)
    rt.logger.info({ transactions: open.length }, 'relayer transactions recovered')
  }
  if (rt.fillGaps) {
    rt.fillGaps = false
    await releaseNonceGaps(rt)
  }
}

/** The stored attempts of one nonce: at most one of them can be mined. */
async function recoverNonce(rt: RelaySenderRuntime, attempts: RelayTxRecord[], latest: number) {
  const { client, ctx } = rt
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
      for (const other of others) await rt.drop(tx, other, `replaced by ${keep.txHash}`, false)
    })
  }
  if (mined) {
    await settleRelayReceipts(rt, [mined])
    return
  }
  const record = newest
  if (record.nonce < latest) {
    await ctx.storage.transaction((tx) => rt.drop(tx, record, 'nonce used by another transaction', false))
    return
  }
  const sent = await broadcastRelayTransaction(rt, record)
  // A lower nonce not sent yet (another process's, or a gap the release below fills), or network
  // trouble: it can still be mined, and it may be a live process's transaction that this process
  // must neither drop nor give the nonce of away. Its owner or the next recovery sends it.
  if (!sent.ok && (sent.kind === 'nonce_too_high' || sent.kind === 'transient')) return
  if (!sent.ok) {
    await ctx.storage.transaction((tx) => rt.drop(tx, record, sent.message, sent.kind !== 'nonce_too_low'))
    return
  }
  const receipt = await client.getTransactionReceipt({ hash: record.txHash as Hash }).catch(() => undefined)
  if (receipt) await settleRelayReceipts(rt, [{ record, receipt }])
  else await ctx.storage.relay.markSent({ txHashes: [record.txHash], now: rt.now() })
}

/**
 * Releases the nonces between the chain's pending nonce and the store's next one that no stored
 * transaction uses and that are not released already: what a crash between reserving and storing
 * left (an older version reserved outside the storing transaction), or a nonce dropped without being
 * given back. Safe with other processes at work: it runs in one storage transaction that starts by
 * taking the sequence's lock (`resync`; `reserveMany` of fresh nonces and `release` take it too), and
 * the relay sender reserves and stores in one transaction, so every nonce below `next` is stored,
 * released, or truly lost. The released nonces are read before the stored transactions (a nonce
 * taken from the released ones is stored in the same commit), and the chain's pending nonce after
 * them (a transaction settled meanwhile is below it).
 */
async function releaseNonceGaps(rt: RelaySenderRuntime) {
  const { client, scope, ctx } = rt
  const address = rt.signerAddress
  const before = await client.getTransactionCount({ address, blockTag: 'pending' })
  const gaps = await ctx.storage.transaction(async (tx) => {
    await tx.nonces.resync({ ...scope, chainNonce: before })
    const { next, released } = await tx.nonces.peek(scope)
    const stored = await tx.relay.listUnsettled({ chainId: rt.chain.chainId, signer: scope.address })
    const live = new Set(stored.map((r) => r.nonce))
    const chainPending = await client.getTransactionCount({ address, blockTag: 'pending' })
    const found: number[] = []
    for (let n = chainPending; next !== undefined && n < next; n++) {
      if (!live.has(n) && !released.includes(n)) found.push(n)
    }
    for (const nonce of found) await tx.nonces.release({ ...scope, nonce })
    return found
  })
  if (gaps.length > 0) rt.logger.warn({ nonces: gaps }, 'relayer nonce gap released')
}
