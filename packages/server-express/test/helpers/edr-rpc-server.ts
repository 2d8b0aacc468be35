import type { EIP1193Provider, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createEdrProvider } from '../../src/chain/create-edr-provider'
import { newEmbeddedGenesis } from '../../src/chain/embedded-chain-settings'
import { serveJsonRpc } from '../../src/chain/serve-json-rpc'

export type EdrRpcServer = { url: string; provider: EIP1193Provider; close(): Promise<void> }

/**
 * A real EVM chain (EDR, chain id 31337) behind a real JSON-RPC HTTP endpoint (`serveJsonRpc`, as
 * `loyaltykit chain serve` serves), like any node a production deployment would point
 * LOYALTYKIT_RPC_URL at. `fund` accounts get 10,000 ETH.
 */
export async function startEdrRpcServer(fund: Hex[]): Promise<EdrRpcServer> {
  const edr = await createEdrProvider(newEmbeddedGenesis())
  for (const key of fund) {
    await edr.provider.request({
      method: 'hardhat_setBalance',
      params: [privateKeyToAccount(key).address, '0x21e19e0c9bab2400000'],
    } as never)
  }
  const rpc = await serveJsonRpc({ provider: edr.provider, port: 0 })
  return {
    url: rpc.url,
    provider: edr.provider,
    async close() {
      await rpc.close()
      await edr.close()
    },
  }
}
