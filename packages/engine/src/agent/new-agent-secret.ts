import { randomBytes } from 'node:crypto'

/**
 * A fresh agent key id (`lak_` + 24 hex digits: public, sent in `X-LOYALTY-Agent-Key`) or HMAC
 * secret (`lks_` + 64 hex digits: 256 random bits, shown once, used as its UTF-8 bytes).
 */
export function newAgentSecret(kind: 'id' | 'secret'): string {
  return kind === 'id' ? `lak_${randomBytes(12).toString('hex')}` : `lks_${randomBytes(32).toString('hex')}`
}
