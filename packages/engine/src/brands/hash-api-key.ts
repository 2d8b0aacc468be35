import { createHash } from 'node:crypto'

/** SHA-256 hex of a bearer API key: what is stored and looked up, never the key itself. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex')
}
