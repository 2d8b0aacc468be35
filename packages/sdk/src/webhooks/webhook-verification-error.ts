/** A webhook delivery failed verification: missing headers, bad or stale timestamp, no matching signature, bad JSON. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError'
  /** Marker so the error is recognised by shape across two copies of the package. */
  readonly isWebhookVerificationError = true as const
}
