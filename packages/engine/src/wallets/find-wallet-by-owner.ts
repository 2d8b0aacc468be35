import type { EngineContext } from '../context'
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
  const wallet = await ctx.storage.wallets.findByOwner(walletOwnerKey(owner))
  return wallet && { id: wallet.id, address: wallet.address, ownerKey: wallet.ownerKey, createdAt: wallet.createdAt }
}
