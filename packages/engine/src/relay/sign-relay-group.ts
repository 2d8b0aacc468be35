import type { PendingRelay, RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'

/**
 * Reserves a nonce per transaction, signs them and stores the raw transactions, all in one storage
 * transaction, before anything is broadcast. So a nonce is never reserved without its stored
 * transaction where another process can see it: a process's recovery (`recoverRelayTransactions`)
 * takes a reserved nonce with no stored transaction for a gap and releases it, and the identical
 * call signed again with it would have the same hash (docs/production.md, "Several processes").
 * On PostgreSQL a reservation of fresh nonces holds the sequence's row until the commit, so the
 * groups of several processes are signed one after the other (signing is local and quick). When
 * anything fails, the transaction rolls back: nothing is stored and the nonces are not reserved.
 * A request's `onSigned` writes in the same transaction (a pending redemption's claim hash).
 */
export async function signRelayGroup(rt: RelaySenderRuntime, group: readonly PendingRelay[]): Promise<SignedRelay[]> {
  const { ctx, scope } = rt
  const fees = await rt.fees()
  return ctx.storage.transaction(async (tx) => {
    const nonces = await tx.nonces.reserveMany({ ...scope, count: group.length })
    const now = rt.now()
    const signed: SignedRelay[] = []
    for (const [i, item] of group.entries()) {
      const { intent } = item
      const nonce = nonces[i] as number
      const { raw, txHash } = await rt.sign({ to: intent.to, data: intent.data, nonce, gas: intent.gas }, fees)
      signed.push({
        item,
        record: {
          txHash,
          chainId: rt.chain.chainId,
          signer: scope.address,
          nonce,
          raw,
          kind: intent.kind,
          to: intent.to.toLowerCase(),
          functionName: intent.functionName,
          userAddress: intent.userAddress,
          brandId: intent.brandId,
          gasLimit: intent.gas.toString(),
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
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
    await tx.relay.recordTransactions(signed.map((x) => x.record))
    for (const { item, record } of signed) await item.intent.onSigned?.(tx, record)
    return signed
  })
}
