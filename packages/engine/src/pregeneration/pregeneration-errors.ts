import { LoyaltyError } from '../errors/loyalty-error'

/**
 * Errors of `POST /loyalty-api/pregenerate-user`. The spec's body shape for this surface is
 * `{ error, ...extra fields }`: `message` is `error`, and `details` holds the extra fields.
 */

export class MissingFieldsError extends LoyaltyError {
  override name = 'MissingFieldsError'
  constructor(missing: string[]) {
    super('Missing required fields', {
      code: 'MISSING_FIELDS',
      category: 'invalid_request',
      details: { required: ['brand_id', 'oauth_provider', 'oauth_user_id'], missing },
    })
  }
}

export class InvalidOAuthProviderError extends LoyaltyError {
  override name = 'InvalidOAuthProviderError'
  constructor(validProviders: readonly string[]) {
    super('Invalid OAuth provider', {
      code: 'INVALID_OAUTH_PROVIDER',
      category: 'invalid_request',
      details: { valid_providers: [...validProviders] },
    })
  }
}

/** The spec's "invalid chat-platform user id" error, with `details` and `example`. */
export class InvalidDiscordUserIdError extends LoyaltyError {
  override name = 'InvalidDiscordUserIdError'
  constructor(details: string, example: string) {
    super('Invalid Discord user ID', {
      code: 'INVALID_DISCORD_USER_ID',
      category: 'invalid_request',
      details: { details, example },
    })
  }
}

export class InvalidOAuthCredentialsError extends LoyaltyError {
  override name = 'InvalidOAuthCredentialsError'
  constructor(hint: string, provider: string) {
    super('Invalid OAuth credentials', {
      code: 'INVALID_OAUTH_CREDENTIALS',
      category: 'invalid_request',
      details: { hint, provider },
    })
  }
}

/** A field other than the OAuth credentials is malformed (brand_id, metadata). */
export class InvalidPregenerationFieldError extends LoyaltyError {
  override name = 'InvalidPregenerationFieldError'
  constructor(field: string, details: string) {
    super(`Invalid ${field}`, { code: 'INVALID_FIELD', category: 'invalid_request', details: { field, details } })
  }
}
