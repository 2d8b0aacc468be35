import { type ContractAddresses, DEFAULT_MAX_FEE_PER_GAS, DEFAULT_MAX_GAS, type GasCaps } from '@loyaltykit/engine'
import { type Address, formatGwei, getAddress, type Hex, isAddress, parseGwei } from 'viem'
import { defineSection } from './define-section'
import { envValue } from './env-value'

/** The chain the server mints and relays on (docs/configuration.md#chain, docs/chain.md). */
export type ChainConfig = {
  /** undefined = the embedded dev chain. */
  rpcUrl: string | undefined
  /** Holds MINTER_ROLE on an RPC chain (required with `rpcUrl`). */
  minterKey: Hex | undefined
  /** Pays for `loyaltykit contracts deploy` and becomes the contracts' admin; defaults to the minter key. */
  deployerKey: Hex | undefined
  /** Holds RELAYER_ROLE / OPERATOR_ROLE on an RPC chain; undefined = the minter key. */
  relayerKey: Hex | undefined
  explorerUrl: string | undefined
  /** Highest fee and gas limit any server signer signs. */
  gasCaps: GasCaps
  /** RPC chains: addresses from the environment (all four or none); undefined = those stored by `contracts deploy`. */
  contracts: ContractAddresses | undefined
}

const ADDRESS_VARIABLES = {
  pointsToken: 'LOYALTYKIT_POINTS_TOKEN_ADDRESS',
  perkCollection: 'LOYALTYKIT_PERK_COLLECTION_ADDRESS',
  pointsSale: 'LOYALTYKIT_POINTS_SALE_ADDRESS',
  businessEscrow: 'LOYALTYKIT_BUSINESS_ESCROW_ADDRESS',
} as const satisfies Record<keyof ContractAddresses, string>

const address = (contract: string) =>
  envValue
    .custom({
      type: '0x address',
      message: 'must be a 0x address',
      parse: (t): Address | undefined => (isAddress(t) ? getAddress(t) : undefined),
      unset: 'the address stored by `loyaltykit contracts deploy`',
    })
    .describe(`RPC chains: address of the ${contract} contract (set all four addresses or none).`)

export const chainSection = defineSection({
  title: 'Chain',
  summary: 'The EVM chain: the embedded dev chain by default, any JSON-RPC chain with `LOYALTYKIT_RPC_URL`.',
  variables: {
    LOYALTYKIT_RPC_URL: envValue
      .url({ protocols: ['http', 'https', 'ws', 'wss'], unset: 'the embedded dev chain' })
      .describe(
        'JSON-RPC URL of an EVM chain. Deploy the contracts there first with `loyaltykit contracts deploy`; needs `LOYALTYKIT_MINTER_KEY`.',
      ),
    LOYALTYKIT_MINTER_KEY: envValue
      .privateKey({ unset: 'the embedded chain’s own key' })
      .describe(
        'Private key of the account holding MINTER_ROLE on the points token. Required with `LOYALTYKIT_RPC_URL`.',
      ),
    LOYALTYKIT_DEPLOYER_KEY: envValue
      .privateKey({ unset: '`LOYALTYKIT_MINTER_KEY`' })
      .describe('Private key that pays for `loyaltykit contracts deploy` and becomes the contracts’ admin.'),
    LOYALTYKIT_RELAYER_KEY: envValue
      .privateKey({ unset: '`LOYALTYKIT_MINTER_KEY`' })
      .describe('RPC chains: private key of the account holding RELAYER_ROLE / OPERATOR_ROLE (pays relayed gas).'),
    LOYALTYKIT_EXPLORER_URL: envValue
      .url({ protocols: ['http', 'https'], unset: 'no links' })
      .describe('Block explorer base URL, used for `blockExplorer` links (`<explorer>/tx/<hash>`) in responses.'),
    LOYALTYKIT_MAX_FEE_PER_GAS_GWEI: envValue
      .custom({
        type: 'decimal (gwei)',
        message: 'must be a positive number of gwei',
        parse: (t) => (/^\d+(\.\d{1,9})?$/.test(t) && parseGwei(t) > 0n ? parseGwei(t) : undefined),
        default: DEFAULT_MAX_FEE_PER_GAS,
        show: (wei) => formatGwei(wei),
      })
      .describe('Highest `maxFeePerGas` / `gasPrice` the server signs.'),
    LOYALTYKIT_MAX_GAS: envValue
      .integer({ min: 21_000, max: 16_777_216, default: Number(DEFAULT_MAX_GAS) })
      .describe('Highest gas limit of one transaction the server signs.'),
    LOYALTYKIT_POINTS_TOKEN_ADDRESS: address('PointsToken'),
    LOYALTYKIT_PERK_COLLECTION_ADDRESS: address('PerkCollection'),
    LOYALTYKIT_POINTS_SALE_ADDRESS: address('PointsSale'),
    LOYALTYKIT_BUSINESS_ESCROW_ADDRESS: address('BusinessEscrow'),
  },
  read(v, _deps, report): ChainConfig {
    if (v.LOYALTYKIT_RPC_URL && !v.LOYALTYKIT_MINTER_KEY) {
      report('LOYALTYKIT_MINTER_KEY', 'is required with LOYALTYKIT_RPC_URL (the account that mints)')
    }
    const given = Object.values(ADDRESS_VARIABLES).filter((name) => v[name] !== undefined)
    if (given.length > 0 && !v.LOYALTYKIT_RPC_URL) {
      report(given[0] as string, 'needs LOYALTYKIT_RPC_URL (the embedded chain deploys its own contracts)')
    } else if (given.length > 0 && given.length < 4) {
      for (const name of Object.values(ADDRESS_VARIABLES).filter((n) => !given.includes(n))) {
        report(name, `is required with ${given[0]} (set all four contract addresses or none)`)
      }
    }
    const contracts =
      given.length === 4
        ? {
            pointsToken: v.LOYALTYKIT_POINTS_TOKEN_ADDRESS as Address,
            perkCollection: v.LOYALTYKIT_PERK_COLLECTION_ADDRESS as Address,
            pointsSale: v.LOYALTYKIT_POINTS_SALE_ADDRESS as Address,
            businessEscrow: v.LOYALTYKIT_BUSINESS_ESCROW_ADDRESS as Address,
          }
        : undefined
    return {
      rpcUrl: v.LOYALTYKIT_RPC_URL,
      minterKey: v.LOYALTYKIT_MINTER_KEY,
      deployerKey: v.LOYALTYKIT_DEPLOYER_KEY ?? v.LOYALTYKIT_MINTER_KEY,
      relayerKey: v.LOYALTYKIT_RELAYER_KEY,
      explorerUrl: v.LOYALTYKIT_EXPLORER_URL,
      gasCaps: { maxFeePerGas: v.LOYALTYKIT_MAX_FEE_PER_GAS_GWEI, maxGas: BigInt(v.LOYALTYKIT_MAX_GAS) },
      contracts,
    }
  },
})
