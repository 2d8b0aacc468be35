import type { Hex } from 'viem'

/** What geth (and anvil) answer for a call or transaction that executed REVERT (EIP-1474 "execution reverted"). */
const EXECUTION_REVERTED = 3

/** The `error` member of an EDR JSON-RPC response. */
export type EdrJsonRpcError = { code: number; message: string; data?: unknown }

/**
 * An error answer of the in-process EDR chain, shaped as a JSON-RPC node's error, which is what viem
 * and the engine read (`code`, `message`, `data`). A revert is code 3 with the revert data as
 * `data` (`0x` + selector + arguments), as geth answers it; every other error keeps EDR's code,
 * message and data (nonce too low: -32000; invalid params: -32602; unknown method: -32004; …).
 */
export class EdrRpcError extends Error {
  override name = 'EdrRpcError'
  readonly code: number
  readonly data: unknown
  /** For a revert: the transaction that reverted (null for eth_call / eth_estimateGas). */
  readonly transactionHash?: Hex | null

  constructor(error: EdrJsonRpcError) {
    super(error.message)
    const revert = revertOf(error.data)
    this.code = revert ? EXECUTION_REVERTED : error.code
    this.data = revert ? revert.data : error.data
    if (revert) this.transactionHash = revert.transactionHash
  }
}

/** EDR's data for an execution that ended with REVERT: `{ reason: { Revert: 0x… }, data: 0x…, transactionHash }`. */
function revertOf(data: unknown): { data: Hex; transactionHash: Hex | null } | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const {
    reason,
    data: returned,
    transactionHash,
  } = data as { reason?: unknown; data?: unknown; transactionHash?: unknown }
  if (typeof reason !== 'object' || reason === null || !('Revert' in reason) || typeof returned !== 'string') {
    return undefined
  }
  return {
    data: returned as Hex,
    transactionHash: typeof transactionHash === 'string' ? (transactionHash as Hex) : null,
  }
}
