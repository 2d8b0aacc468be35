import { type Address, type Hex, type LocalAccount, parseTransaction } from 'viem'
import type { Eip1559Fees } from '../chain/fees-within-caps'
import { type OverCap, replacementFees } from '../chain/replacement-fees'
import type { GasCaps } from '../ports/chain'
import { type SignedTransaction, signEip1559 } from './sign-eip1559'

export type SignedReplacement = SignedTransaction & { nonce: number; fees: Eip1559Fees }

/**
 * The replacement of a transaction stuck in a node's pool: the same call, nonce and gas limit, signed
 * with fees 12.5 % higher than the highest any attempt of that nonce paid (`paid`, default the stuck
 * one's own), or the current fees when higher, within the caps (`replacementFees`). Undefined when
 * the fee cap leaves no room for a bump. The caller stores it before broadcasting it and keeps
 * polling every attempt: they share a nonce, so at most one is mined.
 */
export async function signReplacement(p: {
  signer: LocalAccount
  chainId: number
  caps: GasCaps
  /** The stuck transaction, as signed. */
  stuck: Hex
  /** Current fees (undefined when the node could not tell: bump only). */
  current: Eip1559Fees | undefined
  paid?: Eip1559Fees
  overCap?: OverCap
}): Promise<SignedReplacement | undefined> {
  const stuck = parseTransaction(p.stuck)
  if (stuck.nonce === undefined || stuck.gas === undefined) return undefined
  const paid = p.paid ?? {
    maxFeePerGas: stuck.maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: stuck.maxPriorityFeePerGas ?? 0n,
  }
  const fees = replacementFees(paid, p.current, p.caps.maxFeePerGas, p.overCap)
  if (!fees) return undefined
  const call = { to: stuck.to as Address, data: stuck.data ?? '0x', nonce: stuck.nonce, gas: stuck.gas }
  const signed = await signEip1559({ signer: p.signer, chainId: p.chainId, caps: p.caps, call, fees })
  return { ...signed, nonce: stuck.nonce, fees }
}
