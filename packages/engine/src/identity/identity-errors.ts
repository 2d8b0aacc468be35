import { LoyaltyError } from '../errors/loyalty-error'

/** A missing, malformed, expired or untrusted access token (401, code UNAUTHORIZED as the relayer spec names it). */
export class AuthenticationError extends LoyaltyError {
  override name = 'AuthenticationError'
  constructor(message: string, reason: string, cause?: unknown) {
    super(message, { code: 'UNAUTHORIZED', category: 'authentication', details: { reason }, cause })
  }
}

/** The hosted identity provider refused or failed a call (502). */
export class IdentityProviderError extends LoyaltyError {
  override name = 'IdentityProviderError'
  constructor(
    message: string,
    details: { provider: string; status?: number; providerError?: string },
    cause?: unknown,
  ) {
    super(message, { code: 'IDENTITY_PROVIDER_ERROR', category: 'upstream', details, cause })
  }
}

/** `POST /auth/dev-login` outside development, or without the local token issuer (403). */
export class DevLoginDisabledError extends LoyaltyError {
  override name = 'DevLoginDisabledError'
  constructor(reason: string) {
    super('Development login is disabled', { code: 'DEV_LOGIN_DISABLED', category: 'permission', details: { reason } })
  }
}

/** The user wallet API refuses to sign a payload that is not an approved EIP-712 message (403). */
export class TypedDataNotAllowedError extends LoyaltyError {
  override name = 'TypedDataNotAllowedError'
  constructor(reason: string, details: Record<string, unknown> = {}) {
    super('Typed data not allowed', {
      code: 'TYPED_DATA_NOT_ALLOWED',
      category: 'permission',
      details: { reason, ...details },
    })
  }
}

/** The wallet's key is not held by this server (a hosted provider's wallet), so it cannot sign here (403). */
export class WalletNotCustodialError extends LoyaltyError {
  override name = 'WalletNotCustodialError'
  constructor(address: string) {
    super('This wallet is not a custodial wallet of this server', {
      code: 'WALLET_NOT_CUSTODIAL',
      category: 'permission',
      details: { address },
    })
  }
}
