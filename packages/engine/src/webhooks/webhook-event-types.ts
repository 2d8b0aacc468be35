/** The events loyaltykit sends to a brand's webhook endpoint (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ['tokens_distributed'] as const

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
