import type { z } from 'zod'
import type { EngineContext } from '../context'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import type { Stores } from '../ports/storage'
import { walletOfOwnerKey } from './wallet-of-owner-key'
import { walletOwnerKey, walletOwnerSchema } from './wallet-owner-key'

/** The wallet's owner: an email, or an OAuth identity (checked by `walletOwnerKey`). */
export const getOrCreateWalletParametersSchema = walletOwnerSchema

export type GetOrCreateWalletParameters = z.input<typeof getOrCreateWalletParametersSchema>

export type GetOrCreateWalletOptions = {
  /** The caller's transaction, when the wallet must commit with it. */
  stores?: Stores
}

export type GetOrCreateWalletReturnType = {
  /** Lowercase 0x address. */
  address: string
  /** True only for the one call that created the wallet. */
  created: boolean
  ownerKey: string
}

/**
 * The custodial wallet of an email or an OAuth identity, created on first use (`walletOfOwnerKey`). Concurrent calls for one
 * owner (across processes too) all answer the same address; exactly one answers `created: true`.
 * Inside `storage.transaction(tx => …)` pass `{ stores: tx }` (SQLite has one connection: using
 * `ctx.storage` there would wait for the transaction itself).
 */
export async function getOrCreateWallet(
  ctx: EngineContext,
  owner: GetOrCreateWalletParameters,
  options: GetOrCreateWalletOptions = {},
): Promise<GetOrCreateWalletReturnType> {
  const stores = options.stores ?? ctx.storage
  const ownerKey = await resolveWalletOwnerKey(stores, walletOwnerKey(owner)) // explicit identity links (issue 5)
  const { address, created } = await walletOfOwnerKey(ctx, stores, ownerKey)
  return { address, created, ownerKey }
}
