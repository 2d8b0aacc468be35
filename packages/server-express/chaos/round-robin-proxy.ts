import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback HTTP proxy in front of several server processes, as a load balancer without health checks. */
export type RoundRobinProxy = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** Requests forwarded to each upstream (by index), answered or not. */
  forwarded: number[]
  /** Requests answered 502 by the proxy itself (the upstream refused or dropped the connection). */
  upstreamErrors(): number
  close(): Promise<void>
}

/** The response header naming the upstream (its index) that answered. */
export const UPSTREAM_HEADER = 'x-chaos-upstream'
/** Set on the proxy's own 502 (no upstream answered): the request may or may not have run. */
export const PROXY_ERROR_HEADER = 'x-chaos-proxy-error'

/**
 * Sends request i to upstream `i mod n` (loopback ports), whatever their state: a killed process's
 * share of requests fails with 502 (connection refused or reset) until it is back, which is what
 * clients behind a real balancer see in the seconds before its health check notices. The client's
 * address is appended to `X-Forwarded-For` (run the servers with `LOYALTYKIT_TRUST_PROXY=loopback`).
 */
export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const forwarded = ports.map(() => 0)
  let next = 0
  let errors = 0
  const server = createServer((req, res) => {
    const index = next++ % ports.length
    forwarded[index] = (forwarded[index] ?? 0) + 1
    const xff = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const upstream = request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': xff },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: String(index) })
        answer.pipe(res)
        answer.on('error', () => res.destroy())
        answer.on('aborted', () => res.destroy())
      },
    )
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      errors++
      const body = JSON.stringify({ error: 'Bad gateway: the upstream did not answer', cause: error.message })
      res.writeHead(502, {
        'content-type': 'application/json',
        [PROXY_ERROR_HEADER]: '1',
        [UPSTREAM_HEADER]: String(index),
      })
      res.end(body)
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    upstreamErrors: () => errors,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
    },
  }
}
