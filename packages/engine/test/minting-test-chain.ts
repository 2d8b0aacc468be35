/**
 * An in-process EDR chain (through packages/contracts/test/edr.ts) with the loyaltykit contracts
 * deployed by `deployContracts`, as the ChainPort the minter uses. Account 0 deploys, 1 mints, 2 relays.
 */
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type ChainPort, defaultGasCaps, deployContracts, type GasCaps, withGasCaps } from '@loyaltykit/engine'
import { type Address, createPublicClient, custom, type EIP1193Provider, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { startChain, TEST_PRIVATE_KEYS } from '../../contracts/test/edr'

export type MintingTestChain = {
  chain: ChainPort
  provider: EIP1193Provider
  publicClient: PublicClient
  /** Raw JSON-RPC against the chain (test-only methods included). */
  rpc(method: string, params?: unknown[]): Promise<unknown>
  balanceOf(address: string): Promise<bigint>
  totalSupply(): Promise<bigint>
  /** Every BatchMinted event so far. */
  batchMintedLogs(): Promise<Array<{ batchId: Hex; count: bigint; total: bigint; transactionHash: Hex }>>
  close(): Promise<void>
}

export async function startMintingTestChain(options: { gasCaps?: GasCaps } = {}): Promise<MintingTestChain> {
  const edr = await startChain()
  const provider = edr.provider as unknown as EIP1193Provider
  const transport = custom(provider)
  const publicClient = createPublicClient({ chain: hardhat, transport }) as PublicClient
  const gasCaps = options.gasCaps ?? defaultGasCaps
  const [deployerKey, minterKey, relayerKey] = TEST_PRIVATE_KEYS
  const deployer = privateKeyToAccount(deployerKey)
  const minter = withGasCaps(privateKeyToAccount(minterKey), gasCaps)
  const relayer = withGasCaps(privateKeyToAccount(relayerKey), gasCaps)
  const contracts = await deployContracts({
    transport,
    publicClient,
    deployer,
    minter: minter.address,
    relayer: relayer.address,
  })
  const chain: ChainPort = {
    chainId: 31337,
    transport,
    publicClient,
    contracts,
    minter,
    relayer,
    gasCaps,
    kind: 'embedded',
  }
  const token = { address: contracts.pointsToken, abi: pointsTokenAbi } as const
  return {
    chain,
    provider,
    publicClient,
    rpc: (method, params = []) => provider.request({ method, params } as never),
    balanceOf: (address) =>
      publicClient.readContract({ ...token, functionName: 'balanceOf', args: [address as Address] }),
    totalSupply: () => publicClient.readContract({ ...token, functionName: 'totalSupply' }),
    async batchMintedLogs() {
      const logs = await publicClient.getContractEvents({ ...token, eventName: 'BatchMinted', fromBlock: 0n })
      return logs.map((l) => ({
        batchId: l.args.batchId as Hex,
        count: l.args.count as bigint,
        total: l.args.total as bigint,
        transactionHash: l.transactionHash,
      }))
    },
    close: () => edr.close(),
  }
}
