import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { EIP1193Provider } from 'viem'

type RpcRequest = { jsonrpc: '2.0'; id: number | string | null; method: string; params?: unknown[] }

/** Serves an EIP-1193 provider as a JSON-RPC endpoint on 127.0.0.1 (single and batch requests). */
export async function serveProvider(provider: EIP1193Provider): Promise<{ url: string; close(): Promise<void> }> {
  const answer = async (req: RpcRequest) => {
    try {
      const result = await provider.request({ method: req.method, params: req.params ?? [] } as never)
      return { jsonrpc: '2.0', id: req.id, result }
    } catch (error) {
      const e = error as { code?: number; message?: string; data?: unknown }
      return {
        jsonrpc: '2.0',
        id: req.id,
        error: {
          code: typeof e.code === 'number' ? e.code : -32000,
          message: e.message ?? String(error),
          data: e.data,
        },
      }
    }
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', async () => {
      const parsed = JSON.parse(body) as RpcRequest | RpcRequest[]
      const result = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
