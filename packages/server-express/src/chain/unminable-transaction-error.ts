import { type Hex, parseTransaction } from 'viem'
import { jsonRpcError } from './json-rpc-error'

/**
 * Why a transaction the pool accepted was not mined, as a node would say it: its max fee is under
 * the next block's base fee (-32000), or else a nonce gap before it (-32003). `pendingBlock` is
 * `eth_getBlockByNumber('pending')`, or undefined when it could not be read.
 */
export function unminableTransactionError(raw: Hex, pendingBlock: object | undefined): Error {
  const tx = parseTransaction(raw)
  const maxFee = tx.maxFeePerGas ?? tx.gasPrice
  const baseFee =
    pendingBlock && 'baseFeePerGas' in pendingBlock ? BigInt(pendingBlock.baseFeePerGas as string) : undefined
  if (maxFee !== undefined && baseFee !== undefined && maxFee < baseFee) {
    return jsonRpcError(
      -32000,
      `Transaction maxFeePerGas (${maxFee}) is too low for the next block, which has a baseFeePerGas of ${baseFee}`,
    )
  }
  return jsonRpcError(-32003, 'Nonce too high: the transaction cannot be mined (a nonce gap before it)')
}
