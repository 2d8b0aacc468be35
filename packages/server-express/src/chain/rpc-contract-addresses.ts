import { ConfigError, type ContractAddresses, type Storage } from '@loyaltykit/engine'
import { getAddress, isAddress } from 'viem'

const ENV_NAMES: Record<keyof ContractAddresses, string> = {
  pointsToken: 'LOYALTYKIT_POINTS_TOKEN_ADDRESS',
  perkCollection: 'LOYALTYKIT_PERK_COLLECTION_ADDRESS',
  pointsSale: 'LOYALTYKIT_POINTS_SALE_ADDRESS',
  businessEscrow: 'LOYALTYKIT_BUSINESS_ESCROW_ADDRESS',
}

/** Setting that holds the contract addresses of an RPC chain (written by `loyaltykit contracts deploy`). */
export const rpcContractsSetting = (chainId: number) => `chain.rpc.${chainId}.contracts`

/**
 * Contract addresses of an RPC chain: the four LOYALTYKIT_*_ADDRESS variables when all are set,
 * else the setting `chain.rpc.<chainId>.contracts`. Undefined when neither is there.
 */
export async function loadRpcContracts(
  storage: Storage,
  chainId: number,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ContractAddresses | undefined> {
  const fromEnv = Object.entries(ENV_NAMES).map(([name, variable]) => [name, env[variable]?.trim() || undefined])
  const given = fromEnv.filter(([, v]) => v !== undefined)
  if (given.length > 0) {
    if (given.length !== fromEnv.length) {
      throw new ConfigError(`invalid configuration: set all of ${Object.values(ENV_NAMES).join(', ')} or none`, {
        variables: Object.values(ENV_NAMES),
      })
    }
    for (const [name, value] of fromEnv) {
      if (!isAddress(value as string)) {
        const variable = ENV_NAMES[name as keyof ContractAddresses]
        throw new ConfigError(`invalid configuration: ${variable} must be a 0x address`, { variables: [variable] })
      }
    }
    return Object.fromEntries(fromEnv.map(([n, v]) => [n, getAddress(v as string)])) as ContractAddresses
  }
  const stored = await storage.settings.get(rpcContractsSetting(chainId))
  return stored === undefined ? undefined : (JSON.parse(stored) as ContractAddresses)
}
