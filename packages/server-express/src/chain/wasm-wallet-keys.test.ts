import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { wasmWalletKeys } from './wasm-wallet-keys'

describe('wasmWalletKeys', () => {
  it('derives the address viem derives from the same private key, for 500 fresh keys', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const { privateKey, address } = wasmWalletKeys.generate()
      expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
      expect(address).toBe(privateKeyToAddress(privateKey).toLowerCase())
      seen.add(privateKey)
    }
    expect(seen.size).toBe(500)
  })
})
