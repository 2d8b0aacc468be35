import { randomBytes } from 'node:crypto'
import { tokensDistributedBody } from './tokens-distributed-payload'
import type { WebhookEventType } from './webhook-event-types'

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`

/** One sample builder per event type: a new type cannot be added without its sample. */
const SAMPLES: Record<WebhookEventType, (p: { brandId: string; now: number }) => string> = {
  // What an account_creation reward of the default rule (100 tokens) sends, to a made-up user and
  // wallet; the transaction hash is random and not on any chain.
  tokens_distributed: ({ brandId, now }) =>
    tokensDistributedBody(
      {
        brandId,
        userId: 'jane.doe@example.com',
        email: 'jane.doe@example.com',
        walletAddress: hex(20),
        tokenAmount: 100,
      },
      { txHash: hex(32), confirmedAt: now },
    ),
}

/**
 * A realistic body of `event` for `brandId`, as `triggerWebhook` sends it: the same fields, order and
 * formats as a real delivery (built by the same code), with sample values and the current time.
 */
export function sampleWebhookBody(event: WebhookEventType, p: { brandId: string; now: number }): string {
  return SAMPLES[event](p)
}
