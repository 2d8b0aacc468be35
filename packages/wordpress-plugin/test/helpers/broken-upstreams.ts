import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { createServer as createTcpServer, type Socket } from 'node:net'

/** A request the failing upstream received. */
type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string }

/**
 * Upstreams that fail the way real ones do, on 127.0.0.1: `failing` answers 503 with an HTML page (a
 * proxy in front of a stopped server), 200 with HTML to a leaderboard (not JSON) and 409
 * IDEMPOTENCY_KEY_IN_USE to a request whose Idempotency-Key ends with `-in-use`, recording every
 * request; `silent` accepts connections and never answers; `closedUrl` is a port nobody listens on.
 */
export async function startBrokenUpstreams() {
  const received: Received[] = []
  const failing = createHttpServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      if (String(req.headers['idempotency-key'] ?? '').endsWith('-in-use')) {
        // The loyaltykit server while the first request with this key still runs (docs/idempotency.md).
        const inUse = { code: 'IDEMPOTENCY_KEY_IN_USE', message: 'A request with this Idempotency-Key is running' }
        res.writeHead(409, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify(inUse))
        return
      }
      const status = req.url?.startsWith('/loyalty-api/site/leaderboard') ? 200 : 503
      res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>')
    })
  })
  const sockets = new Set<Socket>()
  const silent = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const closed = createTcpServer()
  const listen = (server: { listen(port: number, host: string, cb: () => void): unknown; address(): unknown }) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    )
  const failingPort = await listen(failing)
  const silentPort = await listen(silent)
  const closedPort = await listen(closed)
  await new Promise((resolve) => closed.close(resolve))
  return {
    failingUrl: `http://127.0.0.1:${failingPort}`,
    silentUrl: `http://127.0.0.1:${silentPort}`,
    closedUrl: `http://127.0.0.1:${closedPort}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy()
      failing.closeAllConnections()
      await Promise.all([new Promise((r) => failing.close(r)), new Promise((r) => silent.close(r))])
    },
  }
}
