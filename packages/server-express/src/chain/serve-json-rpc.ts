import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { EIP1193Provider } from 'viem'

export type ServeJsonRpcParameters = {
  provider: Pick<EIP1193Provider, 'request'>
  /** 0 picks a free port. */
  port: number
  /** Interface to bind; a loopback one (default 127.0.0.1) also accepts only loopback Host headers. */
  host?: string
  /** Largest request body; default 20 MB (a batch of contract deployments). */
  maxBodyBytes?: number
}

export type JsonRpcServer = {
  /** `http://<host>:<port>` as bound (the real port with `port: 0`). */
  url: string
  port: number
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>
}

type Call = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type Reply = {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith('127.')

/** Any error of the provider as a JSON-RPC error: its numeric `code`, `message` and `data` are kept. */
function toRpcError(e: unknown): NonNullable<Reply['error']> {
  const err = e as { code?: unknown; message?: unknown; data?: unknown }
  return {
    code: typeof err.code === 'number' ? err.code : -32603,
    message: typeof err.message === 'string' ? err.message : String(e),
    ...(err.data === undefined ? {} : { data: err.data }),
  }
}

/** Hex for bigints (EIP-1474 quantities), as a node answers. */
const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v))

/**
 * Serves an EIP-1193 provider as a JSON-RPC 2.0 endpoint over HTTP (POST, single calls and batches,
 * a batch's calls started in order), the way a node answers: results and errors (`code`, `message`, `data`,
 * e.g. a revert's code 3 and data) as the provider gives them. `loyaltykit chain serve` serves the
 * embedded chain with it; tests serve EDR chains with it.
 *
 * Only `content-type: application/json` is accepted (415 otherwise), which a web page can only send
 * after a CORS preflight that this server never grants; bound to a loopback address it also refuses
 * a Host header that is not a loopback name (DNS rebinding). So a page the developer visits cannot
 * drive the dev chain.
 */
export async function serveJsonRpc(p: ServeJsonRpcParameters): Promise<JsonRpcServer> {
  const host = p.host ?? '127.0.0.1'
  const maxBodyBytes = p.maxBodyBytes ?? 20 * 1024 * 1024
  const loopbackOnly = isLoopback(host)

  const answer = async (call: Call): Promise<Reply> => {
    const id = call.id ?? null
    if (call === null || typeof call !== 'object' || typeof call.method !== 'string') {
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request: expected {"method": string}' } }
    }
    try {
      const result = await p.provider.request({ method: call.method, params: call.params ?? [] } as never)
      return { jsonrpc: '2.0', id, result: result ?? null }
    } catch (e) {
      return { jsonrpc: '2.0', id, error: toRpcError(e) }
    }
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(json(body))
  }
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { jsonrpc: '2.0', id: null, error: { code: -32600, message } })

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return refuse(res, 405, 'JSON-RPC over HTTP: POST a JSON body')
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '')
    if (loopbackOnly && !isLoopback(hostname)) return refuse(res, 403, 'Host must be a loopback name')
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, 'content-type must be application/json')
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        refuse(res, 413, `request body over ${maxBodyBytes} bytes`)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', async () => {
      let parsed: Call | Call[]
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
      }
      if (Array.isArray(parsed)) {
        if (parsed.length === 0) return refuse(res, 200, 'Invalid request: empty batch')
        return send(res, 200, await Promise.all(parsed.map(answer)))
      }
      send(res, 200, await answer(parsed))
    })
  }

  const server = createServer(handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(p.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  let closed: Promise<void> | undefined
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return closed
    },
  }
}
