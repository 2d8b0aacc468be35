import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdrProvider } from './create-edr-provider'
import { newEmbeddedGenesis } from './embedded-chain-settings'
import { type JsonRpcServer, serveJsonRpc } from './serve-json-rpc'

describe('serveJsonRpc over an EDR chain', () => {
  let edr: Awaited<ReturnType<typeof createEdrProvider>>
  let rpc: JsonRpcServer

  beforeAll(async () => {
    edr = await createEdrProvider(newEmbeddedGenesis())
    rpc = await serveJsonRpc({ provider: edr.provider, port: 0 })
  })
  afterAll(async () => {
    await rpc?.close()
    await edr?.close()
  })

  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(rpc.url, { method: 'POST', headers, body })

  it('answers single calls and batches (in order, ids kept) as a node does', async () => {
    expect(rpc.url).toBe(`http://127.0.0.1:${rpc.port}`)
    const single = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId' }))
    expect(single.status).toBe(200)
    expect(single.headers.get('content-type')).toBe('application/json')
    expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })

    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 'b', method: 'eth_getBalance', params: ['0xnot-an-address', 'latest'] },
        { jsonrpc: '2.0', id: 'c', method: 'net_version' },
      ]),
    )
    const [a, b, c] = (await batch.json()) as { id: string; result?: unknown; error?: { code: number } }[]
    expect(a).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x0' })
    expect(b?.id).toBe('b')
    expect(b?.error?.code).toBe(-32602)
    expect(c).toEqual({ jsonrpc: '2.0', id: 'c', result: '31337' })
  })

  it('refuses what is not JSON-RPC over POST, another content type, a foreign Host, and malformed bodies', async () => {
    expect((await fetch(rpc.url)).status).toBe(405)
    const text = await post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    // A page whose name was rebound to 127.0.0.1 sends its own Host (fetch cannot set Host: node:http can).
    const status = (host: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        const req = request(
          rpc.url,
          { method: 'POST', headers: { host, 'content-type': 'application/json' } },
          (res) => {
            res.resume()
            resolve(res.statusCode)
          },
        )
        req.on('error', reject)
        req.end('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
      })
    expect(await status(`attacker.example:${rpc.port}`)).toBe(403)
    expect(await status(`localhost:${rpc.port}`)).toBe(200)
    expect(await (await post('{not json')).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(((await (await post('{"id":3}')).json()) as { error: { code: number } }).error.code).toBe(-32600)
    expect(((await (await post('[]')).json()) as { error: { code: number } }).error.code).toBe(-32600)
  })
})
