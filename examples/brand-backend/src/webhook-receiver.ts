import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type TokensDistributedEvent, webhooks } from '@loyaltykit/sdk'

export type WebhookReceiver = {
  url: string
  /** Verified `tokens_distributed` events, in arrival order. */
  events: TokensDistributedEvent[]
  /** Requests refused because their signature did not verify. */
  rejected: number
  close(): Promise<void>
}

/**
 * The receiving end of loyaltykit's `tokens_distributed` webhook: verifies the Standard Webhooks
 * signature on the raw body with the brand's signing secret, answers 2xx only for verified events
 * (so loyaltykit retries the others), and de-duplicates by `webhook-id`.
 */
export async function startWebhookReceiver(secret: string | (() => string), port = 0): Promise<WebhookReceiver> {
  const secretOf = typeof secret === 'string' ? () => secret : secret
  const events: TokensDistributedEvent[] = []
  const seen = new Set<string>()
  const state = { rejected: 0 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      try {
        const event = await webhooks.verify(raw, req.headers as Record<string, string>, secretOf())
        const id = String(req.headers['webhook-id'])
        if (!seen.has(id)) {
          seen.add(id)
          events.push(event)
        }
        res.writeHead(204).end()
      } catch {
        state.rejected++
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/loyalty`,
    events,
    get rejected() {
      return state.rejected
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
