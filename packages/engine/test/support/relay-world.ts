import { randomBytes } from 'node:crypto'
import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  createAccessTokenVerifier,
  createLocalTokenIssuer,
  type EngineContext,
  generateIdentitySigningKey,
  isLoyaltyError,
  type RelayOptions,
  type RelayTxRecord,
} from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, encodeFunctionData, type Hex, keccak256 } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { createBrand } from '../../src/brands/create-brand'
import { devLogin } from '../../src/identity/dev-login'
import { createLocalIdentityProvider } from '../../src/identity/local-identity-provider'
import { signUserTypedData } from '../../src/identity/sign-user-typed-data'
import { createPerk } from '../../src/perks/create-perk'
import { type MintingTestChain, startMintingTestChain } from '../minting-test-chain'
import type { FreshDatabase, TestDatabase } from './test-databases'

export const WEI = 10n ** 18n

/** The LoyaltyError `p` rejects with (anything else is rethrown; a fulfilment fails the test). */
export async function failure(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return e
    throw e
  }
  throw new Error('expected a LoyaltyError')
}

/**
 * The world of the engine's relay suites: a fresh database, the EDR chain, a context with the local
 * identity provider, and a brand with a 'Coffee' perk (price 10, max 2 per user, 3 charges) and a free
 * 'Sticker' perk; the fields are set in `beforeAll`.
 */
export function useRelayWorld(db: TestDatabase) {
  const w = {
    database: undefined as unknown as FreshDatabase,
    t: undefined as unknown as MintingTestChain,
    ctx: undefined as unknown as EngineContext,
    brandId: '',
    collectionId: 0,
    freeCollectionId: 0,
    options: { allowedOrigins: ['https://app.example'] } as RelayOptions,
    login,
    claimData,
    claimIntent,
    storedRelayTx,
    mintTo,
    permitFor,
  }

  /** A new user of the local identity provider. */
  function login(email = `u${randomBytes(4).toString('hex')}@example.com`) {
    return devLogin(w.ctx, { email })
  }
  function claimData(user: string, id: number) {
    return encodeFunctionData({ abi: perkCollectionAbi, functionName: 'claimFor', args: [user as Address, BigInt(id)] })
  }

  /** The relay sender's intent for a `claimFor` of `userAddress` (gas given). */
  function claimIntent(data: Hex, userAddress: string) {
    return {
      kind: 'call' as const,
      to: w.t.chain.contracts.perkCollection,
      data,
      gas: 300_000n,
      functionName: 'claimFor',
      userAddress,
      brandId: w.brandId,
    }
  }

  /** A relayer transaction signed at `nonce` and shaped as the sender stores it (not stored here). */
  async function storedRelayTx(p: {
    nonce: number
    data: Hex
    userAddress: string
    status: 'signed' | 'sent'
    maxFeePerGas?: bigint
  }): Promise<RelayTxRecord> {
    const maxFeePerGas = p.maxFeePerGas ?? 50_000_000_000n
    const raw: Hex = await w.t.chain.relayer.signTransaction({
      chainId: w.t.chain.chainId,
      type: 'eip1559',
      to: w.t.chain.contracts.perkCollection,
      data: p.data,
      nonce: p.nonce,
      gas: 300_000n,
      maxFeePerGas,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    const now = Date.now()
    return {
      txHash: keccak256(raw),
      chainId: w.t.chain.chainId,
      signer: w.t.chain.relayer.address.toLowerCase(),
      nonce: p.nonce,
      raw,
      kind: 'call',
      to: w.t.chain.contracts.perkCollection,
      functionName: 'claimFor',
      userAddress: p.userAddress,
      brandId: w.brandId,
      gasLimit: '300000',
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: '1000000000',
      status: p.status,
      gasUsed: null,
      effectiveGasPrice: null,
      blockNumber: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    }
  }

  async function mintTo(address: string, tokens: bigint) {
    const wallet = createWalletClient({
      account: w.t.chain.minter,
      transport: w.t.chain.transport,
      chain: w.t.publicClient.chain,
    })
    const hash = await wallet.writeContract({
      address: w.t.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [`0x${randomBytes(32).toString('hex')}`, [address as Address], [tokens * WEI]],
      chain: w.t.publicClient.chain,
      gas: 200_000n,
    })
    await w.t.publicClient.waitForTransactionReceipt({ hash })
  }

  async function permitFor(user: { walletAddress: string }, value: bigint) {
    const token = { address: w.t.chain.contracts.pointsToken, abi: pointsTokenAbi } as const
    const [, name, version] = await w.t.publicClient.readContract({ ...token, functionName: 'eip712Domain' })
    const nonce = await w.t.publicClient.readContract({
      ...token,
      functionName: 'nonces',
      args: [user.walletAddress as Address],
    })
    const { permit } = await signUserTypedData(
      w.ctx,
      {
        domain: { name, version, chainId: w.t.chain.chainId, verifyingContract: w.t.chain.contracts.pointsToken },
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
          owner: user.walletAddress,
          spender: w.t.chain.contracts.perkCollection,
          value: value.toString(),
          nonce: nonce.toString(),
          deadline: Math.floor(Date.now() / 1000) + 3600,
        },
      },
      { user: { walletAddress: user.walletAddress, custodial: true } },
    )
    return permit
  }

  beforeAll(async () => {
    w.database = await db.create()
    w.t = await startMintingTestChain()
    const issuer = await createLocalTokenIssuer({ privateJwk: await generateIdentitySigningKey() })
    w.ctx = createTestContext(w.database.storage, { chain: w.t.chain })
    w.ctx.identity = {
      provider: createLocalIdentityProvider(w.ctx),
      tokens: createAccessTokenVerifier({
        keys: { kind: 'jwk', jwk: issuer.publicJwk },
        issuer: issuer.issuer,
        audience: issuer.audience,
      }),
      devIssuer: issuer,
    }
    const { brand } = await createBrand(w.ctx, { name: 'Cafe', websites: ['https://cafe.example'] })
    w.brandId = brand.id
    w.collectionId = (
      await createPerk(w.ctx, { brandId: w.brandId, name: 'Coffee', price: 10, maxPerUser: 2, charges: 3 })
    ).collectionId
    w.freeCollectionId = (await createPerk(w.ctx, { brandId: w.brandId, name: 'Sticker', price: 0 })).collectionId
  }, 60_000)
  afterAll(async () => {
    await w.t?.close()
    await w.database?.destroy()
  })

  return w
}
