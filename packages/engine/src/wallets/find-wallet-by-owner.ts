import type { EngineContext } from '../context'
import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import type { WalletOwner } from '../ports/wallet-store'
import { walletOwnerKey } from './wallet-owner-key'

export type WalletInfo = {
  id: string
  /** Lowercase 0x address. */
  address: string
  ownerKey: string
  createdAt: number
}

/** The wallet of an owner, without creating one (and without its encrypted key). */
export async function findWalletByOwner(ctx: EngineContext, owner: WalletOwner): Promise<WalletInfo | undefined> {
  const ownerKey = await resolveWalletOwnerKey(ctx.storage, walletOwnerKey(owner)) // explicit identity links (issue 5)
  const wallet = await ctx.storage.wallets.findByOwner(ownerKey)
  return wallet && { id: wallet.id, address: wallet.address, ownerKey: wallet.ownerKey, createdAt: wallet.createdAt }
}
