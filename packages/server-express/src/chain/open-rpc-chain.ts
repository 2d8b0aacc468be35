import { MINTER_ROLE, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  type ChainPort,
  ConfigError,
  type ContractAddresses,
  type GasCaps,
  type Logger,
  type Storage,
  silentLogger,
  withGasCaps,
} from '@loyaltykit/engine'
import { createPublicClient, defineChain, type Hex, http, type PublicClient, type Transport, webSocket } from 'viem'
import { privateKeyToFastAccount } from './fast-local-account'
import { loadRpcContracts } from './rpc-contract-addresses'

export type OpenRpcChainParameters = {
  rpcUrl: string
  /** LOYALTYKIT_MINTER_KEY: holds MINTER_ROLE. */
  minterKey: Hex | undefined
  /** LOYALTYKIT_RELAYER_KEY: holds RELAYER_ROLE/OPERATOR_ROLE; defaults to the minter key. */
  relayerKey?: Hex | undefined
  storage: Storage
  /** Addresses from the configuration; undefined = those stored by `loyaltykit contracts deploy`. */
  contracts?: ContractAddresses | undefined
  gasCaps: GasCaps
  explorerUrl?: string | undefined
  logger?: Logger
}

export type RpcChain = ChainPort & { kind: 'rpc'; close(): Promise<void> }

/** A viem transport for an http(s):// or ws(s):// JSON-RPC URL, with retries and a timeout. */
export function rpcTransport(rpcUrl: string): Transport {
  return /^wss?:/i.test(rpcUrl)
    ? webSocket(rpcUrl, { retryCount: 3, timeout: 20_000 })
    : http(rpcUrl, { retryCount: 3, timeout: 20_000 })
}

/**
 * A JSON-RPC chain (production): keys from the configuration, contract addresses from the configuration
 * or the settings written by `loyaltykit contracts deploy`. Checks that the token is deployed there
 * and warns when the minter lacks MINTER_ROLE.
 */
export async function openRpcChain(p: OpenRpcChainParameters): Promise<RpcChain> {
  const logger = (p.logger ?? silentLogger).child({ component: 'rpc-chain' })
  if (!p.minterKey) {
    throw new ConfigError('invalid configuration: LOYALTYKIT_MINTER_KEY is required with LOYALTYKIT_RPC_URL', {
      variables: ['LOYALTYKIT_MINTER_KEY'],
    })
  }
  const transport = rpcTransport(p.rpcUrl)
  const probe = createPublicClient({ transport })
  const chainId = await probe.getChainId()
  const contracts = await loadRpcContracts(p.storage, chainId, p.contracts)
  if (!contracts) {
    throw new ConfigError(
      `no contract addresses for chain ${chainId}: run \`loyaltykit contracts deploy\` or set the LOYALTYKIT_*_ADDRESS variables`,
      { chainId },
    )
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: /^https?:/i.test(p.rpcUrl) ? [p.rpcUrl] : [] } },
  })
  const publicClient = createPublicClient({ chain, transport }) as PublicClient
  const code = await publicClient.getCode({ address: contracts.pointsToken })
  if (!code || code === '0x') {
    throw new ConfigError(`no points token at ${contracts.pointsToken} on chain ${chainId}`, {
      chainId,
      pointsToken: contracts.pointsToken,
    })
  }
  const minter = withGasCaps(privateKeyToFastAccount(p.minterKey), p.gasCaps)
  const relayer = withGasCaps(privateKeyToFastAccount(p.relayerKey ?? p.minterKey), p.gasCaps)
  const canMint = await publicClient.readContract({
    address: contracts.pointsToken,
    abi: pointsTokenAbi,
    functionName: 'hasRole',
    args: [MINTER_ROLE, minter.address],
  })
  if (!canMint)
    logger.warn({ minter: minter.address }, 'the minter account lacks MINTER_ROLE: mints will not go through')
  logger.info(
    { chainId, minter: minter.address, relayer: relayer.address, pointsToken: contracts.pointsToken },
    'RPC chain opened',
  )
  return {
    chainId,
    transport,
    publicClient,
    contracts,
    minter,
    relayer,
    gasCaps: p.gasCaps,
    ...(p.explorerUrl ? { explorerUrl: p.explorerUrl } : {}),
    kind: 'rpc',
    async close() {},
  }
}
