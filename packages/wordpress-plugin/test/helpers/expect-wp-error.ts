import { expect } from 'vitest'
import type { RestAnswer } from './wp-session'

/** The spec's site-plugin error table (spec 02, "Errors", Site plugin): code → HTTP status. */
export const SPEC_ERRORS = {
  not_logged_in: 401,
  not_configured: 500,
  missing_perk_id: 400,
  missing_milestone: 400,
  checkin_failed: 400,
  redeem_failed: 400,
  claim_failed: 400,
  api_error: 500,
} as const

/**
 * Asserts a REST answer is the plugin error `code` in WordPress's shape, exactly
 * `{code, message, data: {status}}`, with the status of the spec's table (and `message` when given).
 */
export function expectWpError(res: RestAnswer, code: keyof typeof SPEC_ERRORS, message?: string | RegExp): void {
  const status = SPEC_ERRORS[code]
  const expectedMessage =
    message === undefined ? expect.any(String) : typeof message === 'string' ? message : expect.stringMatching(message)
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { code, message: expectedMessage, data: { status } },
  })
}
