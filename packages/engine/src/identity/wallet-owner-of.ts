import type { ProviderAccount } from '../ports/identity-provider'
import type { WalletOwner } from '../ports/wallet-store'

/** The wallet owner (email or OAuth identity) of an identity-provider account. */
export function walletOwnerOf(account: ProviderAccount): WalletOwner {
  return account.kind === 'email'
    ? { kind: 'email', email: account.email }
    : { kind: 'oauth', provider: account.provider, userId: account.userId }
}
