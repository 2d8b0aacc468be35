/**
 * Encrypts secrets at rest (custodial private keys, HMAC secrets). Ciphertexts are self-describing
 * strings (version, nonce, tag) so the scheme can evolve.
 */
export interface KeyVault {
  encrypt(plaintext: string): string
  /** Throws when the ciphertext was tampered with or made under another key. */
  decrypt(ciphertext: string): string
}
