import { randomBytes } from 'node:crypto'
import type { WalletKeys } from '@loyaltykit/engine'
import { isPrivate, pointFromScalar } from 'tiny-secp256k1'
import { bytesToHex, keccak256 } from 'viem'

/**
 * New wallets' keys with libsecp256k1 (WebAssembly, through tiny-secp256k1) instead of noble's
 * JavaScript: the private key is 32 bytes of `crypto.randomBytes` (redrawn in the negligible case it
 * is not a valid scalar), the address the last 20 bytes of keccak256 of the uncompressed public key —
 * the same address viem derives (wasm-wallet-keys.test.ts), about three times faster. Every new
 * user's first reward creates a wallet, so this is on the event path (docs/performance.md).
 */
export const wasmWalletKeys: WalletKeys = {
  generate() {
    let secret = randomBytes(32)
    while (!isPrivate(secret)) secret = randomBytes(32)
    const point = pointFromScalar(secret, false)
    if (!point) throw new Error('wasmWalletKeys: no public key for a valid scalar')
    return { privateKey: bytesToHex(secret), address: `0x${keccak256(point.subarray(1)).slice(26)}` }
  },
}
