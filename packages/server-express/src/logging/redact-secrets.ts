/**
 * Field names whose values are secrets, compared after lowercasing and dropping `-` and `_`
 * (so `x-api-key`, `api_key` and `apiKey` all match). Substring match: `webhookSecret` matches
 * `secret`.
 */
const SECRET_NAME_PARTS = [
  'authorization',
  'cookie',
  'password',
  'passphrase',
  'secret',
  'privatekey',
  'apikey',
  'securitykey',
  'masterkey',
  'minterkey',
  'deployerkey',
  'relayerkey',
  'signingkey',
  'encryptedkey',
  'mnemonic',
  'seedphrase',
  'signature',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'bearer',
  'databaseurl',
  'connectionstring',
]
/** Names that are secrets only as a whole word (`key` yes, `keyHash` no; `token` yes, `pointsToken` no). */
const SECRET_EXACT_NAMES = new Set(['key', 'keys', 'token', 'jwt', 'pk', 'seed', 'dsn'])

export const REDACTED = '[REDACTED]'

function isSecretFieldName(name: string): boolean {
  const n = name.toLowerCase().replace(/[-_]/g, '')
  if (SECRET_EXACT_NAMES.has(n)) return true
  return SECRET_NAME_PARTS.some((part) => n.includes(part))
}

const URL_PASSWORD_IN_TEXT = /([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]+:)[^@/?#\s]+@/gi

/**
 * Secrets recognisable by their form wherever they appear in text: loyaltykit API and DNS keys
 * (`lk_…`), security keys (`lksk_…`), webhook signing secrets (ours and Stripe's, `whsec_…`), Stripe
 * secret and restricted keys (`sk_test_…`, `rk_live_…`), JWTs (access tokens) and the credential of
 * an `Authorization: Bearer …` or `Basic …` header. Private keys and the master key (plain hex, like
 * transaction hashes) have no such form: they are kept out by field name only.
 */
const SECRET_FORMS_IN_TEXT = [
  /\blksk_[A-Za-z0-9_-]{32,}/g,
  /\blk_[A-Za-z0-9_-]{32,}/g,
  /\bwhsec_[A-Za-z0-9+/=_-]{16,}/g,
  /\b[sr]k_(?:test|live)_[A-Za-z0-9]{10,}/g,
  /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g,
]
const BEARER_IN_TEXT = /\b(Bearer|Basic)\s+[^\s,;"']+/gi

/** Removes credentials embedded in URLs (postgres://user:pw@host) and secrets of a known form from free text. */
export function redactText(text: string): string {
  let out = text.replace(URL_PASSWORD_IN_TEXT, `$1${REDACTED}@`).replace(BEARER_IN_TEXT, `$1 ${REDACTED}`)
  for (const form of SECRET_FORMS_IN_TEXT) out = out.replace(form, REDACTED)
  return out
}

/**
 * Copy of `value` with every secret-named field replaced by `[REDACTED]`, at any depth (bounded).
 * Credentials inside URLs in strings (postgres://user:pw@host) are removed too.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') {
    return typeof value === 'string' ? redactText(value) : value
  }
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1))
  if (value instanceof Error) {
    const out: Record<string, unknown> = {
      type: value.name,
      message: redactText(value.message),
    }
    if (value.stack) out.stack = redactText(value.stack)
    for (const [k, v] of Object.entries(value)) {
      out[k] = isSecretFieldName(k) ? REDACTED : redactSecrets(v, depth + 1)
    }
    if ('cause' in value && value.cause !== undefined) out.cause = redactSecrets(value.cause, depth + 1)
    return out
  }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretFieldName(k) ? REDACTED : redactSecrets(v, depth + 1)
  }
  return out
}
