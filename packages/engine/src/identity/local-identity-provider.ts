import type { EngineContext } from '../context'
import type { IdentityProvider } from '../ports/identity-provider'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { walletOwnerOf } from './wallet-owner-of'

export type LocalIdentityProviderDeps = Pick<EngineContext, 'storage' | 'keyVault' | 'clock' | 'ids' | 'logger'>

/**
 * The default identity provider: identities `did:loyaltykit:<uuid>` whose wallets are custodial wallets
 * of this server (keys generated here, encrypted by the key vault; see getOrCreateWallet). An account
 * linked to another one (`loyaltykit identity link`) shares that account's wallet and user id.
 */
export function createLocalIdentityProvider(deps: LocalIdentityProviderDeps): IdentityProvider {
  const ctx: EngineContext = { ...deps, chain: undefined }
  return {
    name: 'local',

    async createUser(account) {
      const wallet = await getOrCreateWallet(ctx, walletOwnerOf(account))
      const holder = await deps.storage.identities.findAccount(wallet.ownerKey)
      const userId = holder?.status === 'ready' && holder.userId ? holder.userId : `did:loyaltykit:${deps.ids.uuid()}`
      return {
        userId,
        walletAddress: wallet.address,
        walletOwnerKey: wallet.ownerKey,
        walletCreated: wallet.created,
      }
    },

    async getUser(userId) {
      const accounts = await deps.storage.identities.findAccountsByUser(userId)
      const first = accounts.find((a) => a.walletAddress !== null)
      if (!first) return undefined
      return { userId, walletAddress: first.walletAddress ?? undefined, custodial: first.walletOwnerKey !== null }
    },

    async ping() {},
  }
}
