import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Abi, BaseError, decodeErrorResult } from 'viem'
import { revertData } from '../chain/revert-data'

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
