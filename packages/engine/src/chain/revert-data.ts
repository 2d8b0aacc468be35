import { BaseError, type Hex } from 'viem'

/**
 * The revert data (`0x` + selector + arguments) inside an eth_call / eth_estimateGas / send error,
 * wherever viem or the provider nested it; undefined when the error carries none.
 */
export function revertData(error: unknown): Hex | undefined {
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
