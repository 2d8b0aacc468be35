import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { isLoyaltyError } from '../errors/loyalty-error'
import { assertWithinGasCaps, defaultGasCaps } from './gas-caps'
import { withGasCaps } from './with-gas-caps'

const caps = { maxFeePerGas: 100n, maxGas: 1_000n }
const codeOf = (fn: () => unknown) => {
  try {
    fn()
    return 'ok'
  } catch (e) {
    return isLoyaltyError(e) ? e.code : String(e)
  }
}

describe('gas caps', () => {
  it('accepts a transaction at the caps and refuses one over either cap or without explicit values', () => {
    expect(codeOf(() => assertWithinGasCaps({ gas: 1_000n, maxFeePerGas: 100n }, caps))).toBe('ok')
    expect(codeOf(() => assertWithinGasCaps({ gas: 1_000n, gasPrice: 100n }, caps))).toBe('ok')
    expect(codeOf(() => assertWithinGasCaps({ gas: 1_001n, maxFeePerGas: 1n }, caps))).toBe('GAS_LIMIT_CAP_EXCEEDED')
    expect(codeOf(() => assertWithinGasCaps({ gas: 1n, maxFeePerGas: 101n }, caps))).toBe('GAS_PRICE_CAP_EXCEEDED')
    expect(codeOf(() => assertWithinGasCaps({ gas: 1n, gasPrice: 101n }, caps))).toBe('GAS_PRICE_CAP_EXCEEDED')
    expect(codeOf(() => assertWithinGasCaps({ maxFeePerGas: 1n }, caps))).toBe('GAS_LIMIT_MISSING')
    expect(codeOf(() => assertWithinGasCaps({ gas: 1n }, caps))).toBe('GAS_PRICE_CAP_EXCEEDED')
    expect(defaultGasCaps).toEqual({ maxFeePerGas: 100_000_000_000n, maxGas: 16_000_000n })
  })

  it('withGasCaps checks before the account signs; other methods are untouched', async () => {
    const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
    const capped = withGasCaps(account, caps)
    expect(capped.address).toBe(account.address)
    const tx = {
      chainId: 1,
      type: 'eip1559' as const,
      nonce: 0,
      to: account.address,
      gas: 1_000n,
      maxFeePerGas: 100n,
      maxPriorityFeePerGas: 1n,
    }
    expect(await capped.signTransaction(tx)).toBe(await account.signTransaction(tx))
    const refused = await capped.signTransaction({ ...tx, gas: 5_000n }).catch((e: unknown) => e)
    expect(isLoyaltyError(refused) && refused.code).toBe('GAS_LIMIT_CAP_EXCEEDED')
    expect(await capped.signMessage({ message: 'hi' })).toBe(await account.signMessage({ message: 'hi' }))
  })
})
