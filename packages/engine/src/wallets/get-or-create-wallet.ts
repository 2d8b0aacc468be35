import type { z } from 'zod'
import type { EngineContext } from '../context'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import type { Stores } from '../ports/storage'
import { viemWalletKeys } from '../ports/wallet-keys'
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
 * The custodial wallet of an email or an OAuth identity, created on first use: a key generated
 * here, encrypted by `ctx.keyVault`, stored with `wallets.insertIfAbsent`. Concurrent calls for one
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
  const { wallets } = stores
  const ownerKey = await resolveWalletOwnerKey(stores, walletOwnerKey(owner)) // explicit identity links (issue 5)
  const existing = await wallets.findByOwner(ownerKey)
  if (existing) return { address: existing.address, created: false, ownerKey }

  const { privateKey, address } = (ctx.walletKeys ?? viemWalletKeys).generate()
  const { wallet, created } = await wallets.insertIfAbsent({
    id: ctx.ids.uuid(),
    address,
    ownerKey,
    encryptedKey: ctx.keyVault.encrypt(privateKey),
    createdAt: ctx.clock.now(),
  })
  if (created) ctx.logger.info({ address: wallet.address }, 'custodial wallet created')
  return { address: wallet.address, created, ownerKey }
}
