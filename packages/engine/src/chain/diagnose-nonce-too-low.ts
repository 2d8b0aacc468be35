import type { Address, Hash, PublicClient, TransactionReceipt } from 'viem'

export type NonceTooLowDiagnosis =
  /** One of our transactions with that nonce is mined (it may have reverted: check `receipt.status`). */
  | { verdict: 'mined'; receipt: TransactionReceipt; chainNonce: number }
  /** The chain's nonce moved past ours but none of our transactions is mined: someone else used it. */
  | { verdict: 'used_by_other'; chainNonce: number }
  /** The nonce is not used in a block yet (the "too low" came from a pending pool entry): wait. */
  | { verdict: 'not_used'; chainNonce: number }

/**
 * Explains a "nonce too low" answer instead of retrying blindly: is one of our transactions for
 * that nonce (`txHashes`, every signed attempt) already mined; else was the nonce used by another
 * transaction of the same account (a key shared with another tool, a restored database); else the
 * nonce is still free in mined blocks. Callers resync their nonce store on `used_by_other`.
 */
export async function diagnoseNonceTooLow(
  client: PublicClient,
  p: { address: Address; nonce: number; txHashes: readonly Hash[] },
): Promise<NonceTooLowDiagnosis> {
  for (const hash of p.txHashes) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined)
    if (receipt) {
      const chainNonce = await client.getTransactionCount({ address: p.address, blockTag: 'latest' })
      return { verdict: 'mined', receipt, chainNonce }
    }
  }
  const chainNonce = await client.getTransactionCount({ address: p.address, blockTag: 'latest' })
  if (chainNonce > p.nonce) {
    // A receipt may show up late on load-balanced RPCs: look once more before blaming someone else.
    for (const hash of p.txHashes) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined)
      if (receipt) return { verdict: 'mined', receipt, chainNonce }
    }
    return { verdict: 'used_by_other', chainNonce }
  }
  return { verdict: 'not_used', chainNonce }
}
