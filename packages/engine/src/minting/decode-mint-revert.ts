import { pointsTokenAbi } from '@loyaltykit/contracts'
import { BaseError, decodeErrorResult, type Hex } from 'viem'

export type MintRevert = { reverted: true; errorName: string; message: string } | { reverted: false; message: string }

function revertData(error: unknown): Hex | undefined {
  if (error instanceof BaseError) {
    const found = error.walk((e) => {
      const data = (e as { data?: unknown; raw?: unknown }).raw ?? (e as { data?: unknown }).data
      return typeof data === 'string' && data.startsWith('0x') && data.length >= 10
    }) as { data?: Hex; raw?: Hex } | null
    const data = found?.raw ?? found?.data
    if (data) return data
  }
  let e: unknown = error
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const data = (e as { data?: unknown }).data
    if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) return data as Hex
    if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
      return (data as { data: Hex }).data
    }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

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
