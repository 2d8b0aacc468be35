import type { Stores } from '../ports/storage'

/**
 * The owner key whose custodial wallet `ownerKey` uses: the key of the account it was explicitly
 * linked to (`linkIdentities`), else itself. Unlinked emails and OAuth identities keep distinct wallets.
 */
export async function resolveWalletOwnerKey(stores: Pick<Stores, 'identities'>, ownerKey: string): Promise<string> {
  const account = await stores.identities.findAccount(ownerKey)
  return account?.status === 'ready' && account.walletOwnerKey ? account.walletOwnerKey : ownerKey
}
