import type { Address, LocalAccount, PublicClient } from 'viem'
import type { Eip1559Fees } from '../chain/fees-within-caps'
import type { ChainPort, GasCaps } from '../ports/chain'
import type { Clock } from '../ports/clock'
import type { EngineObserver } from '../ports/engine-observer'
import type { Logger } from '../ports/logger'
import type { NonceScope } from '../ports/nonce-store'
import type { Storage } from '../ports/storage'
import { createFeeCache } from './fee-cache'
import { type SignedTransaction, type SignerCall, signEip1559 } from './sign-eip1559'

/** What a signing worker needs of the engine context. */
export type SignerDeps = { storage: Storage; clock: Clock; logger: Logger; observer?: EngineObserver | undefined }

/** What every signing worker (minter, clawback worker, relay sender) holds for its account. */
export type SignerRuntime = {
  ctx: SignerDeps
  chain: ChainPort
  client: PublicClient
  signer: LocalAccount
  signerAddress: Address
  /** The account's NonceStore sequence (lowercase address). */
  scope: NonceScope
  /** The caps this worker signs within (the chain's, or stricter). */
  caps: GasCaps
  logger: Logger
  /** `ctx.clock.now()`: every time the worker reads or stores. */
  now(): number
  /** EIP-1559 fees within `caps`, cached for a second. Throws GasCapExceededError. */
  fees(): Promise<Eip1559Fees>
  /** Forget the cached fees (a node said they are too low). */
  invalidateFees(): void
  /** Builds, cap-checks and signs an EIP-1559 call with this account (`signEip1559`). */
  sign(call: SignerCall, fees: Eip1559Fees): Promise<SignedTransaction>
}

export function createSignerRuntime(p: {
  ctx: SignerDeps
  chain: ChainPort
  signer: LocalAccount
  caps: GasCaps
  logger: Logger
}): SignerRuntime {
  const { ctx, chain, signer, caps } = p
  const feeCache = createFeeCache({ client: chain.publicClient, caps, clock: ctx.clock })
  return {
    ctx,
    chain,
    client: chain.publicClient,
    signer,
    signerAddress: signer.address,
    scope: { chainId: chain.chainId, address: signer.address.toLowerCase() },
    caps,
    logger: p.logger,
    now: () => ctx.clock.now(),
    fees: feeCache.fees,
    invalidateFees: feeCache.invalidate,
    sign: (call, fees) => signEip1559({ signer, chainId: chain.chainId, caps, call, fees }),
  }
}
