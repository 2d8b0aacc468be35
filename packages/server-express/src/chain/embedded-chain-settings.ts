import type { ContractAddresses, KeyVault, Storage } from '@loyaltykit/engine'
import { ConfigError } from '@loyaltykit/engine'
import type { Address, Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'

/**
 * What makes the embedded chain's genesis block: stored at first start and reused at every start,
 * so that replaying the journal reproduces the same blocks (a new EDR version changing a default
 * cannot change an existing chain).
 */
export type EmbeddedGenesis = {
  chainId: number
  /** ISO date of the genesis block. */
  initialDate: string
  hardfork: 'osaka'
  blockGasLimit: number
  /** Wei, decimal string. */
  initialBaseFeePerGas: string
  coinbase: Address
}

/** Private keys of the server accounts on the embedded chain, stored encrypted by the KeyVault. */
export type EmbeddedAccountKeys = { deployer: Hex; minter: Hex; relayer: Hex }

const key = (chainKey: string, name: string) => `chain.${chainKey}.${name}`

/** The genesis of a new embedded chain (and of the tests' EDR nodes): chain id 31337, Osaka, now. */
export function newEmbeddedGenesis(overrides: Partial<EmbeddedGenesis> = {}): EmbeddedGenesis {
  return {
    chainId: 31337,
    initialDate: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
    hardfork: 'osaka',
    blockGasLimit: 60_000_000,
    initialBaseFeePerGas: '1000000000',
    coinbase: '0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e',
    ...overrides,
  }
}

export async function loadEmbeddedGenesis(
  storage: Storage,
  chainKey: string,
  defaults: Partial<EmbeddedGenesis> = {},
): Promise<EmbeddedGenesis> {
  const fresh = newEmbeddedGenesis(defaults)
  const stored = await storage.settings.setIfAbsent(key(chainKey, 'genesis'), JSON.stringify(fresh))
  return JSON.parse(stored) as EmbeddedGenesis
}

/**
 * The deployer, minter and relayer keys: generated at random on first start, stored encrypted under
 * the master key (setting `chain.<chainKey>.accounts`). Two processes starting at once agree on one set.
 */
export async function loadEmbeddedAccountKeys(
  storage: Storage,
  keyVault: KeyVault,
  chainKey: string,
): Promise<EmbeddedAccountKeys> {
  return loadEncryptedSetting(storage, keyVault, key(chainKey, 'accounts'), {
    deployer: generatePrivateKey(),
    minter: generatePrivateKey(),
    relayer: generatePrivateKey(),
  })
}

/** How many funded accounts `loyaltykit chain serve` offers the developer, beside the server accounts. */
const DEV_ACCOUNT_COUNT = 10

/**
 * Keys of the developer's accounts on a served chain (`loyaltykit chain serve`): random at first
 * use, like the server accounts, and stored encrypted (setting `chain.<chainKey>.devAccounts`).
 */
export async function loadEmbeddedDevAccountKeys(
  storage: Storage,
  keyVault: KeyVault,
  chainKey: string,
): Promise<Hex[]> {
  const fresh = Array.from({ length: DEV_ACCOUNT_COUNT }, () => generatePrivateKey())
  return loadEncryptedSetting(storage, keyVault, key(chainKey, 'devAccounts'), fresh)
}

/** The setting's JSON value, decrypted; `fresh` stored (encrypted) first when absent. Two processes agree on one. */
async function loadEncryptedSetting<T>(storage: Storage, keyVault: KeyVault, setting: string, fresh: T): Promise<T> {
  const stored = await storage.settings.setIfAbsent(setting, keyVault.encrypt(JSON.stringify(fresh)))
  try {
    return JSON.parse(keyVault.decrypt(stored)) as T
  } catch (error) {
    throw new ConfigError(
      'cannot decrypt the embedded chain accounts: the master key differs from the one that created this database',
      { setting, cause: String(error) },
    )
  }
}

export async function loadEmbeddedContracts(
  storage: Storage,
  chainKey: string,
): Promise<ContractAddresses | undefined> {
  const stored = await storage.settings.get(key(chainKey, 'contracts'))
  return stored === undefined ? undefined : (JSON.parse(stored) as ContractAddresses)
}

export async function saveEmbeddedContracts(storage: Storage, chainKey: string, contracts: ContractAddresses) {
  await storage.settings.set(key(chainKey, 'contracts'), JSON.stringify(contracts))
}
