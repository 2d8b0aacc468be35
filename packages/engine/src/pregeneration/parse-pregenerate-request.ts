import { brandIdSchema } from '../schemas/brand-id'
import { stripControlCharacters } from '../text/strip-control-characters'
import { looksLikeTestId } from './looks-like-test-id'
import { isOAuthProvider, OAUTH_PROVIDER_RULES, OAUTH_PROVIDERS, type OAuthProvider } from './oauth-providers'
import {
  InvalidDiscordUserIdError,
  InvalidOAuthCredentialsError,
  InvalidOAuthProviderError,
  InvalidPregenerationFieldError,
  MissingFieldsError,
} from './pregeneration-errors'

export type PregenerateRequest = {
  brandId: string
  provider: OAuthProvider
  oauthUserId: string
  /** Without a leading `@`; undefined when not sent. */
  oauthUsername: string | undefined
  metadata: Record<string, unknown> | null
}

const REQUIRED = ['brand_id', 'oauth_provider', 'oauth_user_id'] as const
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/
const MAX_ID_LENGTH = 128

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')

/**
 * Validates a pregeneration request body exactly as the spec's error list says, in this order:
 * missing fields → unknown provider → the id (emails and usernames refused, the platform's format, a
 * Discord snowflake's timestamp, obvious test ids) → the username against the platform's rules →
 * brand_id and metadata. Unknown fields are ignored. Strings lose their control characters first.
 */
export function parsePregenerateRequest(body: unknown, nowMs: number): PregenerateRequest {
  const b = isPlainObject(body) ? stripControlCharacters(body) : {}
  const missing = REQUIRED.filter((f) => !present(b[f]))
  if (missing.length > 0) throw new MissingFieldsError(missing)

  const providerRaw = b.oauth_provider
  const provider = typeof providerRaw === 'string' ? providerRaw.trim().toLowerCase() : ''
  if (!isOAuthProvider(provider)) throw new InvalidOAuthProviderError(OAUTH_PROVIDERS)
  const rules = OAUTH_PROVIDER_RULES[provider]

  const refuseId = (why: string): never => {
    if (provider === 'discord') throw new InvalidDiscordUserIdError(`${rules.idHint} (the id ${why})`, rules.example)
    throw new InvalidOAuthCredentialsError(`oauth_user_id ${why}: ${rules.idHint}`, provider)
  }
  if (typeof b.oauth_user_id !== 'string') refuseId('must be a string (send large numeric ids as strings)')
  const id = (b.oauth_user_id as string).trim()
  if (id.length > MAX_ID_LENGTH) refuseId(`is longer than ${MAX_ID_LENGTH} characters`)
  if (EMAIL_LIKE.test(id)) refuseId('is an email address, not a platform user id')
  if (!rules.id.test(id)) {
    refuseId(/^\d+$/.test(id) || /^[A-Za-z0-9_.-]+$/.test(id) ? 'does not have the platform format' : 'is not an id')
  }
  const why = rules.idCheck?.(id, nowMs)
  if (why) refuseId(why)
  if (looksLikeTestId(id)) {
    throw new InvalidOAuthCredentialsError(
      `oauth_user_id looks like a test or placeholder id; send the user's real ${rules.label} id (${rules.idHint})`,
      provider,
    )
  }

  let oauthUsername: string | undefined
  if (present(b.oauth_username)) {
    if (typeof b.oauth_username !== 'string') {
      throw new InvalidOAuthCredentialsError('oauth_username must be a string', provider)
    }
    const username = b.oauth_username.trim().replace(/^@/, '')
    if (!rules.username(username)) {
      throw new InvalidOAuthCredentialsError(
        `oauth_username is not a valid ${rules.label} username: ${rules.usernameHint}`,
        provider,
      )
    }
    oauthUsername = username
  }

  const brandId = typeof b.brand_id === 'string' ? b.brand_id.trim().toLowerCase() : ''
  if (!brandIdSchema.safeParse(brandId).success) {
    throw new InvalidPregenerationFieldError('brand_id', 'brand_id must be the brand id, a 0x address (42 characters)')
  }
  const metadata = b.metadata
  if (metadata !== undefined && metadata !== null && !isPlainObject(metadata)) {
    throw new InvalidPregenerationFieldError('metadata', 'metadata must be a JSON object')
  }
  return {
    brandId,
    provider,
    oauthUserId: id,
    oauthUsername,
    metadata: isPlainObject(metadata) ? metadata : null,
  }
}
