/** Byte encodings on Web standards only (TextEncoder, btoa/atob), so they run in Node, Bun, Deno and edge runtimes. */

export type Bytes = Uint8Array<ArrayBuffer>

const encoder = new TextEncoder()

/** UTF-8 bytes of a string; a copy of the bytes of a Uint8Array or ArrayBuffer. */
export function toBytes(data: string | Uint8Array | ArrayBuffer): Bytes {
  if (typeof data === 'string') return encoder.encode(data)
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  return new Uint8Array(data)
}

export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** Decodes standard base64 (padding optional); throws a TypeError on anything else. */
export function fromBase64(text: string): Bytes {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new TypeError('invalid base64')
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}
