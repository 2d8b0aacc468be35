import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type ReceivedWebhook = {
  headers: IncomingHttpHeaders
  body: string
  /** The request's path (and query). */
  path: string
  answered: number | 'dropped' | 'hung'
}

/** How the receiver answers one request: an HTTP status, a dropped connection, or no answer at all. */
export type ReceiverAnswer = number | 'drop' | 'hang'

/**
 * A real webhook receiver on 127.0.0.1 (node:http). `answer` decides each reply from the request and
 * the number of requests seen before it with the same `webhook-id`; every request is recorded.
 */
export async function startWebhookReceiver(
  answer: (p: {
    id: string
    seen: number
    body: string
    path: string
  }) => ReceiverAnswer | Promise<ReceiverAnswer> = () => 200,
) {
  const received: ReceivedWebhook[] = []
  const hung: ServerResponse[] = []
  let decide = answer
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const id = String(req.headers['webhook-id'] ?? '')
      const seen = received.filter((r) => r.headers['webhook-id'] === id).length
      const path = req.url ?? ''
      const entry: ReceivedWebhook = { headers: req.headers, body, path, answered: 0 }
      received.push(entry)
      const reply = await decide({ id, seen, body, path })
      if (reply === 'drop') {
        entry.answered = 'dropped'
        req.socket.destroy()
      } else if (reply === 'hang') {
        entry.answered = 'hung'
        hung.push(res)
      } else {
        entry.answered = reply
        res.writeHead(reply, { 'content-type': 'text/plain' }).end(reply >= 300 ? `receiver says ${reply}` : 'ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/loyalty`,
    received,
    /** Requests acknowledged with 2xx. */
    acknowledged: () => received.filter((r) => typeof r.answered === 'number' && r.answered < 300),
    setAnswer(next: typeof answer) {
      decide = next
    },
    async close() {
      for (const res of hung) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
