import { type Address, type Hash, type Hex, keccak256, type LocalAccount } from 'viem'
import type { Eip1559Fees } from '../chain/fees-within-caps'
import { assertWithinGasCaps } from '../chain/gas-caps'
import type { GasCaps } from '../ports/chain'

/** A contract call to sign: explicit nonce and gas limit (value 0). */
export type SignerCall = { to: Address; data: Hex; nonce: number; gas: bigint }

export type SignedTransaction = { raw: Hex; txHash: Hash }

/**
 * Builds the EIP-1559 transaction of `call` with `fees`, checks it against `caps` (throwing
 * GasCapExceededError before anything is signed) and signs it. The one way the minter, the clawback
 * worker and the relay sender sign; they store the result before broadcasting it.
 */
export async function signEip1559(p: {
  signer: LocalAccount
  chainId: number
  caps: GasCaps
  call: SignerCall
  fees: Eip1559Fees
}): Promise<SignedTransaction> {
  const request = {
    chainId: p.chainId,
    type: 'eip1559' as const,
    to: p.call.to,
    data: p.call.data,
    value: 0n,
    nonce: p.call.nonce,
    gas: p.call.gas,
    maxFeePerGas: p.fees.maxFeePerGas,
    maxPriorityFeePerGas: p.fees.maxPriorityFeePerGas,
  }
  assertWithinGasCaps(request, p.caps)
  const raw: Hex = await p.signer.signTransaction(request)
  return { raw, txHash: keccak256(raw) }
}
