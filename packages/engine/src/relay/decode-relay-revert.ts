import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Abi, BaseError, decodeErrorResult, type Hex } from 'viem'

/** Custom errors of every approved contract (the token's errors bubble up through the others). */
const ERRORS_ABI: Abi = (() => {
  const seen = new Set<string>()
  const out: Abi[number][] = []
  for (const abi of [perkCollectionAbi, pointsSaleAbi, businessEscrowAbi, pointsTokenAbi] as Abi[]) {
    for (const item of abi) {
      if (item.type !== 'error') continue
      const key = `${item.name}(${item.inputs.map((i) => i.type).join(',')})`
      if (!seen.has(key)) {
        seen.add(key)
        out.push(item)
      }
    }
  }
  return out
})()

export type RelayRevert =
  | { reverted: true; errorName: string; args: readonly unknown[]; message: string }
  | { reverted: false; message: string }

function revertData(error: unknown): Hex | undefined {
  if (error instanceof BaseError) {
    const found = error.walk((e) => {
      const data = (e as { raw?: unknown }).raw ?? (e as { data?: unknown }).data
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

const show = (v: unknown) => (typeof v === 'bigint' ? v.toString() : String(v))

/**
 * Whether an eth_call / eth_estimateGas error is a revert of an approved contract, and which custom
 * error (`MaxPerUserReached`, `ERC20InsufficientAllowance`, `ERC2612InvalidSigner`, …). Other errors
 * (network, RPC) answer `reverted: false`.
 */
export function decodeRelayRevert(error: unknown): RelayRevert {
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  const data = revertData(error)
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: ERRORS_ABI, data })
      const args = (decoded.args ?? []) as readonly unknown[]
      return {
        reverted: true,
        errorName: decoded.errorName,
        args,
        message: `${decoded.errorName}(${args.map(show).join(', ')})`,
      }
    } catch {
      return { reverted: true, errorName: 'Unknown', args: [], message: `reverted with ${data.slice(0, 74)}` }
    }
  }
  if (/revert/i.test(message)) return { reverted: true, errorName: 'Unknown', args: [], message }
  return { reverted: false, message }
}
