import {
  businessEscrowAbi,
  businessEscrowBytecode,
  CLAWBACK_ROLE,
  MINTER_ROLE,
  OPERATOR_ROLE,
  perkCollectionAbi,
  perkCollectionBytecode,
  pointsSaleAbi,
  pointsSaleBytecode,
  pointsTokenAbi,
  pointsTokenBytecode,
  RELAYER_ROLE,
} from '@loyaltykit/contracts'
import {
  type Abi,
  type Address,
  type Chain,
  createWalletClient,
  type Hash,
  type LocalAccount,
  type PublicClient,
  type Transport,
} from 'viem'
import { UnavailableError } from '../errors/common-errors'
import type { ContractAddresses, GasCaps } from '../ports/chain'
import { defaultGasCaps } from './gas-caps'
import { withGasCaps } from './with-gas-caps'

export type DeployContractsParameters = {
  /** Any viem transport: `http(rpcUrl)` or `custom(edrProvider)`. */
  transport: Transport
  /** A public client over the same transport (its `chain` is used for signing). */
  publicClient: PublicClient
  /** Pays for the deployment and becomes DEFAULT_ADMIN_ROLE of every contract. */
  deployer: LocalAccount
  /** Receives MINTER_ROLE on the points token. */
  minter: Address
  /** Receives RELAYER_ROLE on PerkCollection, PointsSale and BusinessEscrow. */
  relayer: Address
  /** Receives OPERATOR_ROLE on those three and CLAWBACK_ROLE on the token (default: the relayer). */
  operator?: Address
  tokenName?: string
  tokenSymbol?: string
  perkCollectionName?: string
  perkCollectionSymbol?: string
  /** Caps checked before each of the deployer's signatures (default: 100 gwei, 16M gas). */
  gasCaps?: GasCaps
  /** Called after each mined transaction (progress output of the CLI). */
  onTransaction?: (step: string, hash: Hash) => void
}

/**
 * Deploys PointsToken, PerkCollection, PointsSale and BusinessEscrow and grants the server accounts
 * their roles. One transaction at a time, each awaited and checked. Used by the embedded chain at
 * first start and by `loyaltykit contracts deploy`. Throws UnavailableError (CONTRACT_DEPLOY_FAILED)
 * when a transaction reverts.
 */
export async function deployContracts(params: DeployContractsParameters): Promise<ContractAddresses> {
  const { publicClient } = params
  const account = withGasCaps(params.deployer, params.gasCaps ?? defaultGasCaps)
  const wallet = createWalletClient({
    account,
    transport: params.transport,
    chain: publicClient.chain as Chain | undefined,
  })
  const operator = params.operator ?? params.relayer

  async function mined(step: string, hash: Hash) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    if (receipt.status !== 'success') {
      throw new UnavailableError(`contract deployment step "${step}" reverted`, 'CONTRACT_DEPLOY_FAILED', {
        step,
        transactionHash: hash,
      })
    }
    params.onTransaction?.(step, hash)
    return receipt
  }

  async function deploy(step: string, abi: Abi, bytecode: `0x${string}`, args: readonly unknown[]): Promise<Address> {
    const hash = await wallet.deployContract({ abi, bytecode, args, chain: wallet.chain ?? null })
    const receipt = await mined(step, hash)
    if (!receipt.contractAddress) {
      throw new UnavailableError(`contract deployment step "${step}" created no contract`, 'CONTRACT_DEPLOY_FAILED', {
        step,
        transactionHash: hash,
      })
    }
    return receipt.contractAddress
  }

  async function grant(step: string, abi: Abi, address: Address, role: `0x${string}`, to: Address) {
    const hash = await wallet.writeContract({
      address,
      abi,
      functionName: 'grantRole',
      args: [role, to],
      chain: wallet.chain ?? null,
    })
    await mined(step, hash)
  }

  const admin = params.deployer.address
  const pointsToken = await deploy('deploy PointsToken', pointsTokenAbi, pointsTokenBytecode, [
    params.tokenName ?? 'Loyalty Points',
    params.tokenSymbol ?? 'LOYAL',
    admin,
  ])
  const perkCollection = await deploy('deploy PerkCollection', perkCollectionAbi, perkCollectionBytecode, [
    params.perkCollectionName ?? 'Loyalty Perks',
    params.perkCollectionSymbol ?? 'PERK',
    pointsToken,
    admin,
  ])
  const pointsSale = await deploy('deploy PointsSale', pointsSaleAbi, pointsSaleBytecode, [pointsToken, admin])
  const businessEscrow = await deploy('deploy BusinessEscrow', businessEscrowAbi, businessEscrowBytecode, [
    pointsToken,
    admin,
  ])

  await grant('grant MINTER_ROLE', pointsTokenAbi, pointsToken, MINTER_ROLE, params.minter)
  await grant('grant CLAWBACK_ROLE', pointsTokenAbi, pointsToken, CLAWBACK_ROLE, operator)
  for (const [name, abi, address] of [
    ['PerkCollection', perkCollectionAbi, perkCollection],
    ['PointsSale', pointsSaleAbi, pointsSale],
    ['BusinessEscrow', businessEscrowAbi, businessEscrow],
  ] as const) {
    await grant(`grant RELAYER_ROLE on ${name}`, abi, address, RELAYER_ROLE, params.relayer)
    await grant(`grant OPERATOR_ROLE on ${name}`, abi, address, OPERATOR_ROLE, operator)
  }

  return { pointsToken, perkCollection, pointsSale, businessEscrow }
}
