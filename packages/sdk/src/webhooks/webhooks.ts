import { generateTestHeaders } from './generate-test-headers'
import { verifyWebhook } from './verify-webhook'

/** Webhook helpers, also reachable as `client.webhooks`: `verify(rawBody, headers, secret, { tolerance })` and `generateTestHeaders(...)`. */
export const webhooks = {
  verify: verifyWebhook,
  generateTestHeaders,
} as const

export type Webhooks = typeof webhooks
