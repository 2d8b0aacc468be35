import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

/** A new custodial wallet's key: the private key and its lowercase 0x address. */
export type WalletKey = { privateKey: Hex; address: string }

/**
 * Where new wallets' keys come from. The first reward of every new user creates one, so on a busy
 * server this runs per request: the default is viem's (noble, JavaScript); the server passes a
 * libsecp256k1 (WebAssembly) one that is about three times faster. Any implementation must draw the
 * private key from a cryptographically secure source and derive the standard Ethereum address.
 */
export interface WalletKeys {
  generate(): WalletKey
}

export const viemWalletKeys: WalletKeys = {
  generate() {
    const privateKey = generatePrivateKey()
    return { privateKey, address: privateKeyToAddress(privateKey).toLowerCase() }
  },
}
