import { LoyaltyApiError } from './loyalty-api-error'

/** No HTTP response arrived: DNS failure, refused or reset connection. `cause` holds the runtime's error. */
export class ConnectionError extends LoyaltyApiError {
  override name = 'ConnectionError'
  constructor(message = 'Connection error', options: { cause?: unknown } = {}) {
    super(message, options)
  }
}

/** The attempt did not complete within the configured `timeout`. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError'
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`)
  }
}
