import { type Bytes, toBytes, toHex } from './encoding'

type Input = string | Uint8Array | ArrayBuffer

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime')
  return s
}

function importKey(key: Input, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return subtle().importKey('raw', toBytes(key), { name: 'HMAC', hash: 'SHA-256' }, false, [usage])
}

/** Lowercase hex SHA-256 of `data` (strings are hashed as UTF-8). */
export async function sha256Hex(data: Input): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', toBytes(data))))
}

/** HMAC-SHA256(key, data); string keys and data are taken as UTF-8. */
export async function hmacSha256(key: Input, data: Input): Promise<Bytes> {
  return new Uint8Array(await subtle().sign('HMAC', await importKey(key, 'sign'), toBytes(data)))
}

/** Constant-time check that `mac` is HMAC-SHA256(key, data) (Web Crypto's verify compares in constant time). */
export async function verifyHmacSha256(key: Input, data: Input, mac: Uint8Array): Promise<boolean> {
  return subtle().verify('HMAC', await importKey(key, 'verify'), toBytes(mac), toBytes(data))
}
