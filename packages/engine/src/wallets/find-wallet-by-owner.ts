import type { z } from 'zod'
import type { EngineContext } from '../context'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import { walletOwnerKey, walletOwnerSchema } from './wallet-owner-key'

/** The wallet's owner: an email, or an OAuth identity (checked by `walletOwnerKey`). */
export const findWalletByOwnerParametersSchema = walletOwnerSchema

export type FindWalletByOwnerParameters = z.input<typeof findWalletByOwnerParametersSchema>

export type WalletInfo = {
  id: string
  /** Lowercase 0x address. */
  address: string
  ownerKey: string
  createdAt: number
}

/** The wallet of an owner, without creating one (and without its encrypted key). */
export async function findWalletByOwner(
  ctx: EngineContext,
  owner: FindWalletByOwnerParameters,
): Promise<WalletInfo | undefined> {
  const ownerKey = await resolveWalletOwnerKey(ctx.storage, walletOwnerKey(owner)) // explicit identity links (issue 5)
  const wallet = await ctx.storage.wallets.findByOwner(ownerKey)
  return wallet && { id: wallet.id, address: wallet.address, ownerKey: wallet.ownerKey, createdAt: wallet.createdAt }
}
