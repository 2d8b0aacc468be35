import { LoyaltyError } from '../errors/loyalty-error'

/** A KeyVault ciphertext could not be decrypted: tampered, malformed, or made under another master key. */
export class DecryptionError extends LoyaltyError {
  override name = 'DecryptionError'
  constructor(message: string, cause?: unknown) {
    super(message, { code: 'DECRYPTION_FAILED', category: 'internal', cause })
  }
}
