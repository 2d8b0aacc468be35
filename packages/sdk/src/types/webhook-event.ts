import type { TokensDistributedEvent } from './wire'

/** Every webhook event the server sends today (`webhooks.verify` returns one). */
export type WebhookEvent = TokensDistributedEvent
