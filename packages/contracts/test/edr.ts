// Test helper: an in-process Hardhat 3 EDR chain (chain id 31337, automine, Osaka hardfork, so one tx
// is capped at 16,777,216 gas by EIP-7825) driven through viem.
//
// The provider comes from `createHardhatRuntimeEnvironment` (export `hardhat/hre`) with an inline
// config, so no hardhat.config.* file is needed anywhere: importing the `hardhat` package root would
// instead search for a config file from the cwd upwards and fail.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHardhatRuntimeEnvironment } from 'hardhat/hre'
import type { HardhatRuntimeEnvironment } from 'hardhat/types/hre'
import type { NetworkConnection } from 'hardhat/types/network'
import {
  type Abi,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  type DecodeErrorResultReturnType,
  decodeErrorResult,
  type EIP1193Provider,
  type EncodeDeployDataParameters,
  encodeDeployData,
  type GetContractReturnType,
  getContract,
  type Hex,
  type LocalAccount,
  type PrivateKeyAccount,
  type PublicClient,
  parseSignature,
  type TestClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { businessEscrowAbi, perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '../src/index.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Hardhat's well-known dev keys (mnemonic "test test ... junk", m/44'/60'/0'/0/i), first 10. */
export const TEST_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly Hex[]

/** 10,000 ETH per test account. */
export const TEST_ACCOUNT_BALANCE = 10n ** 22n

type Chain = typeof hardhat
type TestPublicClient = PublicClient<Transport, Chain>
type TestWalletClient = WalletClient<Transport, Chain, LocalAccount>
export type DeployedContract<abi extends Abi> = GetContractReturnType<
  abi,
  { public: TestPublicClient; wallet: TestWalletClient }
>

export interface TestChain {
  hre: HardhatRuntimeEnvironment
  connection: NetworkConnection
  /** The EIP-1193 provider of the in-process EDR chain. */
  provider: EIP1193Provider
  chain: Chain
  /** Local viem accounts for TEST_PRIVATE_KEYS (funded with TEST_ACCOUNT_BALANCE each). */
  accounts: PrivateKeyAccount[]
  publicClient: TestPublicClient
  testClient: TestClient<'hardhat', Transport, Chain>
  wallets: TestWalletClient[]
  walletClient(account: LocalAccount): TestWalletClient
  /** Deploys a contract from `from` (default: account 0) and returns a typed viem contract instance. */
  deploy<const abi extends Abi>(
    params: EncodeDeployDataParameters<abi> & { from?: LocalAccount },
  ): Promise<DeployedContract<abi>>
  /** Waits for a transaction to be mined, asserts it succeeded and returns the receipt. */
  mined(hash: Hex | Promise<Hex>): Promise<TransactionReceipt>
  /** Milliseconds spent creating the HRE and connecting. */
  startupMs: number
  close(): Promise<void>
}

/** Starts a fresh in-process EDR chain. Every call returns an independent chain. */
export async function startChain(): Promise<TestChain> {
  const startedAt = performance.now()
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        default: {
          type: 'edr-simulated',
          chainType: 'l1',
          chainId: 31337,
          hardfork: 'osaka',
          mining: { auto: true },
          accounts: TEST_PRIVATE_KEYS.map((privateKey) => ({ privateKey, balance: TEST_ACCOUNT_BALANCE })),
        },
      },
    },
    {},
    packageDir,
  )
  const connection = await hre.network.create()
  const provider = connection.provider as unknown as EIP1193Provider
  // retryCount 0: viem would otherwise retry failed requests (e.g. reverting estimateGas) with backoff.
  const transport = custom(provider, { retryCount: 0 })
  const chain = hardhat
  const accounts = TEST_PRIVATE_KEYS.map((key) => privateKeyToAccount(key))
  // cacheTime 0: viem caches eth_blockNumber for 4 s by default, which hides automined blocks.
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 })
  const testClient = createTestClient({ chain, transport, mode: 'hardhat' })
  const walletClient = (account: LocalAccount): TestWalletClient => createWalletClient({ chain, transport, account })
  const wallets = accounts.map(walletClient)
  const startupMs = performance.now() - startedAt

  async function deploy<const abi extends Abi>(
    params: EncodeDeployDataParameters<abi> & { from?: LocalAccount },
  ): Promise<DeployedContract<abi>> {
    const from = params.from ?? accounts[0]!
    const data = encodeDeployData(params as EncodeDeployDataParameters)
    const hash = await walletClient(from).sendTransaction({ data })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment failed')
    return getContract({
      address: receipt.contractAddress,
      abi: params.abi,
      client: { public: publicClient, wallet: walletClient(from) },
    })
  }

  async function mined(hash: Hex | Promise<Hex>): Promise<TransactionReceipt> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash })
    if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`)
    return receipt
  }

  return {
    hre,
    connection,
    provider,
    chain,
    accounts,
    publicClient,
    testClient,
    wallets,
    walletClient,
    deploy,
    mined,
    startupMs,
    close: () => connection.close(),
  }
}

/** Every custom error of every loyaltykit contract (incl. the OpenZeppelin ones they inherit). */
const allErrorsAbi: Abi = (() => {
  const seen = new Set<string>()
  const out: Abi[number][] = []
  for (const abi of [pointsTokenAbi, perkCollectionAbi, pointsSaleAbi, businessEscrowAbi] as readonly Abi[]) {
    for (const item of abi) {
      if (item.type !== 'error') continue
      const key = `${item.name}(${item.inputs.map((i) => i.type).join(',')})`
      if (seen.has(key)) continue
      seen.add(key)
      out.push(item)
    }
  }
  return out
})()

/** Finds the revert data in a viem error chain and decodes it against `allErrorsAbi`. */
function decodeRevert(error: unknown): DecodeErrorResultReturnType | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  let raw: Hex | undefined
  if (reverted instanceof ContractFunctionRevertedError) raw = reverted.raw
  if (raw === undefined) {
    const withData = error.walk(
      (e) => typeof (e as { data?: unknown }).data === 'string' && (e as { data: string }).data.startsWith('0x'),
    ) as { data?: Hex } | null
    raw = withData?.data
  }
  if (raw === undefined || raw === '0x') return undefined
  try {
    return decodeErrorResult({ abi: allErrorsAbi, data: raw })
  } catch {
    return undefined
  }
}

/**
 * Awaits `promise` (a contract write or simulation) and asserts it reverted with the custom error
 * `errorName` (and, if given, exactly `args`). Returns the decoded error.
 */
export async function expectRevert(
  promise: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
): Promise<DecodeErrorResultReturnType> {
  let error: unknown
  try {
    await promise
  } catch (e) {
    error = e
  }
  if (error === undefined) throw new Error(`expected revert with ${errorName}, but the call succeeded`)
  const decoded = decodeRevert(error)
  if (!decoded) {
    throw new Error(`expected revert with ${errorName}, got an undecodable error: ${String(error).slice(0, 600)}`)
  }
  if (decoded.errorName !== errorName) {
    throw new Error(`expected revert with ${errorName}, got ${decoded.errorName}(${String(decoded.args ?? [])})`)
  }
  if (args !== undefined) {
    const actual = JSON.stringify(decoded.args ?? [], (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
    const expected = JSON.stringify(args, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
    if (actual.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`${errorName} args mismatch: expected ${expected}, got ${actual}`)
    }
  }
  return decoded
}

/**
 * Signs an ERC-2612 permit of PointsToken (EIP-712 domain: token name, version "1", chain id,
 * token address) and returns the (v, r, s) split signature plus the raw signature.
 */
export async function signPermit(params: {
  chain: TestChain
  token: { address: Hex; name: string }
  owner: LocalAccount
  /** Owner address put in the signed message; defaults to `owner.address` (set it to forge a signature). */
  ownerAddress?: Hex
  spender: Hex
  value: bigint
  deadline: bigint
  nonce: bigint
}) {
  const { owner } = params
  if (!owner.signTypedData) throw new Error('owner cannot sign typed data')
  const signature = await owner.signTypedData({
    domain: {
      name: params.token.name,
      version: '1',
      chainId: params.chain.chain.id,
      verifyingContract: params.token.address,
    },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: {
      owner: params.ownerAddress ?? owner.address,
      spender: params.spender,
      value: params.value,
      nonce: params.nonce,
      deadline: params.deadline,
    },
  })
  const { r, s, v, yParity } = parseSignature(signature)
  return { signature, r, s, v: Number(v ?? BigInt(yParity + 27)) }
}
