import type { FieldIssue } from '../errors/common-errors'
import { LoyaltyError } from '../errors/loyalty-error'

/** A relay request without a required field, or with one that does not parse (400 MISSING_FIELDS). */
export class RelayMissingFieldsError extends LoyaltyError {
  override name = 'RelayMissingFieldsError'
  constructor(fields: FieldIssue[]) {
    super(`Missing or invalid fields: ${[...new Set(fields.map((f) => f.field))].join(', ')}`, {
      code: 'MISSING_FIELDS',
      category: 'invalid_request',
      details: { fields },
    })
  }
}

/**
 * The transaction is not one the relayer executes (403 VALIDATION_FAILED): an unapproved function of
 * an approved contract, a call acting for another address, a gas limit over the cap, a bad permit, …
 * `details` always carries `reason`, `contract` and the `allowed` list that applied.
 */
export class TransactionNotAllowedError extends LoyaltyError {
  override name = 'TransactionNotAllowedError'
  constructor(
    message: string,
    details: { reason: string; contract: string; allowed: readonly string[] } & Record<string, unknown>,
  ) {
    super(message, { code: 'VALIDATION_FAILED', category: 'permission', details })
  }
}

/** `to` is not one of the approved contracts (403 CONTRACT_NOT_WHITELISTED). */
export class ContractNotWhitelistedError extends LoyaltyError {
  override name = 'ContractNotWhitelistedError'
  constructor(contract: string, allowed: readonly string[]) {
    super('Contract not approved for relaying', {
      code: 'CONTRACT_NOT_WHITELISTED',
      category: 'permission',
      details: { contract, allowed },
    })
  }
}

/** The user holds `maxPerUser` claims of the collection already (409 CLAIM_LIMIT_REACHED). */
export class ClaimLimitReachedError extends LoyaltyError {
  override name = 'ClaimLimitReachedError'
  constructor(details: { collectionId: string; currentClaims: number; maxPerUser: number }) {
    super(
      `Claim limit reached: ${details.currentClaims} of ${details.maxPerUser} claims per user for collection ${details.collectionId}`,
      { code: 'CLAIM_LIMIT_REACHED', category: 'conflict', details },
    )
  }
}

/**
 * The transaction failed on chain (mined and reverted) or in its simulation before signing
 * (500 TRANSACTION_FAILED). `details.stage` says which: `permit`, `simulation` or `execution`.
 */
export class TransactionFailedError extends LoyaltyError {
  override name = 'TransactionFailedError'
  constructor(
    message: string,
    details: { stage: 'permit' | 'simulation' | 'execution'; reason: string; transactionHash?: string },
    cause?: unknown,
  ) {
    super(message, { code: 'TRANSACTION_FAILED', category: 'internal', details, cause })
  }
}

/** The request's Origin is not one the relayer serves (403 ORIGIN_NOT_ALLOWED). */
export class OriginNotAllowedError extends LoyaltyError {
  override name = 'OriginNotAllowedError'
  constructor(origin: string | undefined) {
    super(origin === undefined ? 'An Origin header is required' : `Origin ${origin} is not allowed`, {
      code: 'ORIGIN_NOT_ALLOWED',
      category: 'permission',
      details: { origin: origin ?? null },
    })
  }
}

/**
 * The relayer could not get its transaction mined in time, could not broadcast it, or is shutting
 * down (503). The transaction may still be mined later: `details.transactionHash` names it when it
 * was signed.
 */
export class RelayUnavailableError extends LoyaltyError {
  override name = 'RelayUnavailableError'
  constructor(
    message: string,
    code:
      | 'RELAY_RECEIPT_TIMEOUT'
      | 'RELAY_BROADCAST_FAILED'
      | 'RELAYER_OUT_OF_FUNDS'
      | 'RELAY_NONCE_CONFLICT'
      | 'RELAY_SENDER_STOPPED',
    details: Record<string, unknown>,
    cause?: unknown,
  ) {
    super(message, { code, category: 'unavailable', details, cause })
  }
}
