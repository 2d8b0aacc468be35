import { signRecoverable } from 'tiny-secp256k1'
import {
  bytesToHex,
  type Hex,
  hexToBytes,
  keccak256,
  type PrivateKeyAccount,
  type Signature,
  serializeSignature,
  serializeTransaction,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * viem's `privateKeyToAccount`, except that `sign` and `signTransaction` sign with libsecp256k1
 * (WebAssembly, through tiny-secp256k1) instead of noble's JavaScript: the same RFC 6979 signatures
 * (low s, byte for byte identical), about five times faster. The server accounts (minter, relayer,
 * deployer) sign on the event loop, one transaction per relayed call: this keeps that cheap.
 * `signMessage` and `signTypedData` stay viem's.
 */
export function privateKeyToFastAccount(privateKey: Hex): PrivateKeyAccount {
  const account = privateKeyToAccount(privateKey)
  const key = hexToBytes(privateKey)
  const signHash = (hash: Hex): Signature => {
    const { signature, recoveryId } = signRecoverable(hexToBytes(hash), key)
    return {
      r: bytesToHex(signature.subarray(0, 32)),
      s: bytesToHex(signature.subarray(32, 64)),
      v: recoveryId === 1 ? 28n : 27n,
      yParity: recoveryId === 1 ? 1 : 0,
    }
  }
  return {
    ...account,
    async sign({ hash }) {
      return serializeSignature(signHash(hash))
    },
    async signTransaction(transaction, { serializer = serializeTransaction } = {}) {
      // As viem does: an EIP-4844 transaction is signed without its sidecars.
      const signable = transaction.type === 'eip4844' ? { ...transaction, sidecars: false as const } : transaction
      return serializer(transaction, signHash(keccak256(await serializer(signable))))
    },
  }
}
