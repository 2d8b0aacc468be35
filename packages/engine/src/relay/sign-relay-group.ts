import type { PendingRelay, RelaySenderRuntime, SignedRelay } from './relay-sender-runtime'

/**
 * Reserves a nonce per transaction (one storage transaction: `reserveMany`), signs outside it (the
 * database is not held while signing) and stores the raw transactions (one statement) before
 * anything is broadcast. A crash between reserving and storing leaves unused nonces: the next
 * "nonce too high" releases them. When anything fails, nothing was stored: the nonces go back.
 */
export async function signRelayGroup(rt: RelaySenderRuntime, group: readonly PendingRelay[]): Promise<SignedRelay[]> {
  const { ctx, scope } = rt
  const fees = await rt.fees()
  const nonces = await ctx.storage.transaction((tx) => tx.nonces.reserveMany({ ...scope, count: group.length }))
  const now = rt.now()
  const signed: SignedRelay[] = []
  try {
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
    await ctx.storage.relay.recordTransactions(signed.map((x) => x.record))
  } catch (error) {
    await ctx.storage
      .transaction(async (tx) => {
        for (const nonce of nonces) await tx.nonces.release({ ...scope, nonce })
      })
      .catch(() => undefined)
    throw error
  }
  return signed
}
