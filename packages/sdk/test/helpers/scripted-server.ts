import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the server does for one request. */
export type ScriptedResponse = {
  status?: number
  headers?: Record<string, string>
  /** A string is sent as is; anything else as JSON. */
  body?: unknown
  /** Wait before answering. */
  delayMs?: number
  /** Cut the connection without an answer (a network error for the client). */
  destroy?: boolean
}

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

export type ScriptedServer = {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * A real `node:http` server answering request n with `script[n]` (the last entry repeats), or with
 * `script(request, n)`. Records every request.
 */
export async function startScriptedServer(
  script: ScriptedResponse[] | ((request: RecordedRequest, index: number) => ScriptedResponse),
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      const index = requests.push(recorded) - 1
      const step =
        typeof script === 'function' ? script(recorded, index) : (script[Math.min(index, script.length - 1)] ?? {})
      const answer = () => {
        if (step.destroy) {
          req.socket.destroy()
          return
        }
        const body =
          step.body === undefined ? '' : typeof step.body === 'string' ? step.body : JSON.stringify(step.body)
        res.writeHead(step.status ?? 200, {
          ...(typeof step.body === 'string' ? {} : { 'content-type': 'application/json' }),
          ...step.headers,
        })
        res.end(body)
      }
      if (step.delayMs) setTimeout(answer, step.delayMs)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
