import { pointsTokenAbi } from '@loyaltykit/contracts'
import { BaseError, decodeErrorResult } from 'viem'
import { revertData } from '../chain/revert-data'

export type MintRevert = { reverted: true; errorName: string; message: string } | { reverted: false; message: string }

/**
 * Whether an eth_call / eth_estimateGas error is a revert of the points token, and which custom error
 * (`BatchAlreadyMinted`, `AccessControlUnauthorizedAccount`, …). Other errors (network, RPC) answer
 * `reverted: false`.
 */
export function decodeMintRevert(error: unknown): MintRevert {
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  const data = revertData(error)
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: pointsTokenAbi, data })
      return {
        reverted: true,
        errorName: decoded.errorName,
        message: `${decoded.errorName}(${(decoded.args ?? []).join(', ')})`,
      }
    } catch {
      return { reverted: true, errorName: 'Unknown', message: `reverted with ${data.slice(0, 74)}` }
    }
  }
  if (/revert/i.test(message)) return { reverted: true, errorName: 'Unknown', message }
  return { reverted: false, message }
}
