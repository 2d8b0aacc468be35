import type { ContractAddresses, Storage } from '@loyaltykit/engine'

/** Setting that holds the contract addresses of an RPC chain (written by `loyaltykit contracts deploy`). */
export const rpcContractsSetting = (chainId: number) => `chain.rpc.${chainId}.contracts`

/**
 * Contract addresses of an RPC chain: `configured` (the four LOYALTYKIT_*_ADDRESS variables, see
 * config/chain-section.ts) when given, else the setting `chain.rpc.<chainId>.contracts`. Undefined
 * when neither is there.
 */
export async function loadRpcContracts(
  storage: Storage,
  chainId: number,
  configured: ContractAddresses | undefined,
): Promise<ContractAddresses | undefined> {
  if (configured) return configured
  const stored = await storage.settings.get(rpcContractsSetting(chainId))
  return stored === undefined ? undefined : (JSON.parse(stored) as ContractAddresses)
}
