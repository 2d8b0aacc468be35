import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'

/**
 * A fresh private ES256 JWK (P-256) for the local token issuer, with `kid` = its RFC 7638 thumbprint.
 * The server keeps it in the data folder (mode 0600); the engine never writes files.
 */
export async function generateIdentitySigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' }
}
