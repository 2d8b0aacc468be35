import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHardhatRuntimeEnvironment } from 'hardhat/hre'
import type { EIP1193Provider } from 'viem'
import type { EmbeddedGenesis } from './embedded-chain-settings'

/**
 * A fresh in-process EDR chain (Hardhat 3's simulated network) for `genesis`: FIFO mempool, no
 * unlocked accounts (every transaction is signed by the server and sent raw, so the journal can
 * replay it). `automine: false` for the embedded chain, whose journaled provider mines blocks
 * itself (a group of transactions per block). `hardhat/hre` with an inline config: no
 * hardhat.config file is read.
 */
export async function createEdrProvider(
  genesis: EmbeddedGenesis,
  options: { automine?: boolean } = {},
): Promise<{ provider: EIP1193Provider; close(): Promise<void> }> {
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        default: {
          type: 'edr-simulated',
          chainType: 'l1',
          chainId: genesis.chainId,
          hardfork: genesis.hardfork,
          initialDate: genesis.initialDate,
          blockGasLimit: genesis.blockGasLimit,
          initialBaseFeePerGas: BigInt(genesis.initialBaseFeePerGas),
          coinbase: genesis.coinbase,
          mining: { auto: options.automine ?? true, interval: 0, mempool: { order: 'fifo' } },
          // Like a real node: a reverting transaction is mined and its hash returned (status 0).
          throwOnTransactionFailures: false,
          accounts: [],
        },
      },
    },
    {},
    dirname(fileURLToPath(import.meta.url)),
  )
  const connection = await hre.network.create()
  return { provider: connection.provider as unknown as EIP1193Provider, close: () => connection.close() }
}
