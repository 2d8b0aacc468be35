import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { EIP1193Provider, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createEdrProvider } from '../../src/chain/create-edr-provider'

export type EdrRpcServer = { url: string; provider: EIP1193Provider; close(): Promise<void> }

/**
 * A real EVM chain (EDR, chain id 31337) behind a real JSON-RPC HTTP endpoint, like any
 * node a production deployment would point LOYALTYKIT_RPC_URL at. `fund` accounts get 10,000 ETH.
 */
export async function startEdrRpcServer(fund: Hex[]): Promise<EdrRpcServer> {
  const edr = await createEdrProvider({
    chainId: 31337,
    initialDate: new Date().toISOString(),
    hardfork: 'osaka',
    blockGasLimit: 60_000_000,
    initialBaseFeePerGas: '1000000000',
    coinbase: '0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e',
  })
  for (const key of fund) {
    await edr.provider.request({
      method: 'hardhat_setBalance',
      params: [privateKeyToAccount(key).address, '0x21e19e0c9bab2400000'],
    } as never)
  }
  type Call = { id?: unknown; method: string; params?: unknown[] }
  const answer = async (call: Call) => {
    try {
      const result = await edr.provider.request({ method: call.method, params: call.params } as never)
      return { jsonrpc: '2.0', id: call.id ?? null, result }
    } catch (e) {
      const err = e as { code?: number; message?: string; data?: unknown }
      return {
        jsonrpc: '2.0',
        id: call.id ?? null,
        error: { code: err.code ?? -32603, message: err.message, data: err.data },
      }
    }
  }
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => {
      body += d
    })
    req.on('end', async () => {
      const parsed = JSON.parse(body) as Call | Call[]
      const out = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed)
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify(out, (_k, v) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    provider: edr.provider,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await edr.close()
    },
  }
}
