import {
  ConfigError,
  type ContractAddresses,
  deployContracts,
  type Logger,
  type Storage,
  silentLogger,
} from '@loyaltykit/engine'
import { createPublicClient, defineChain, type Hash, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainConfig } from '../config/chain-section'
import { rpcTransport } from './open-rpc-chain'
import { rpcContractsSetting } from './rpc-contract-addresses'

export type DeployRpcContractsParameters = {
  config: Pick<ChainConfig, 'rpcUrl' | 'minterKey' | 'deployerKey' | 'relayerKey' | 'gasCaps'>
  storage: Storage
  logger?: Logger
  /** Progress (one call per mined transaction). */
  onTransaction?: (step: string, hash: Hash) => void
}

/**
 * `loyaltykit contracts deploy`: deploys the four contracts to LOYALTYKIT_RPC_URL with the deployer
 * key (LOYALTYKIT_DEPLOYER_KEY, else the minter key), grants MINTER_ROLE to the minter and
 * RELAYER_ROLE/OPERATOR_ROLE to the relayer (LOYALTYKIT_RELAYER_KEY, else the minter), and stores
 * the addresses in the setting `chain.rpc.<chainId>.contracts`, where `openChain` finds them.
 */
export async function deployRpcContracts(
  p: DeployRpcContractsParameters,
): Promise<{ chainId: number; contracts: ContractAddresses; deployer: Hex; relayer: Hex }> {
  const { config } = p
  const logger = p.logger ?? silentLogger
  if (!config.rpcUrl) {
    throw new ConfigError('invalid configuration: LOYALTYKIT_RPC_URL is required to deploy contracts', {
      variables: ['LOYALTYKIT_RPC_URL'],
    })
  }
  const deployerKey = config.deployerKey ?? config.minterKey
  if (!deployerKey || !config.minterKey) {
    throw new ConfigError(
      'invalid configuration: LOYALTYKIT_MINTER_KEY (and optionally LOYALTYKIT_DEPLOYER_KEY) is required',
      {
        variables: ['LOYALTYKIT_MINTER_KEY', 'LOYALTYKIT_DEPLOYER_KEY'],
      },
    )
  }
  const relayerKey = config.relayerKey ?? config.minterKey
  const transport = rpcTransport(config.rpcUrl)
  const chainId = await createPublicClient({ transport }).getChainId()
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
  const publicClient = createPublicClient({ chain, transport }) as PublicClient
  const deployer = privateKeyToAccount(deployerKey)
  const relayer = privateKeyToAccount(relayerKey).address
  const contracts = await deployContracts({
    transport,
    publicClient,
    deployer,
    minter: privateKeyToAccount(config.minterKey).address,
    relayer,
    gasCaps: config.gasCaps,
    onTransaction: (step, hash) => {
      logger.info({ step, hash }, 'deployment transaction mined')
      p.onTransaction?.(step, hash)
    },
  })
  await p.storage.settings.set(rpcContractsSetting(chainId), JSON.stringify(contracts))
  return { chainId, contracts, deployer: deployer.address, relayer }
}
