import { resolveWalletOwnerKey } from '../identity/resolve-wallet-owner-key'
import type { Stores } from '../ports/storage'
import type { MemberIdentifier } from './member-identifier'
import { memberNotFound } from './member-not-found'

/**
 * The wallet whose ledger entries are the member's: the address itself, or the custodial wallet of
 * the email (through an explicit identity link, as the wallet API resolves it); undefined when the
 * email has no wallet. A step (reads `stores`), not an operation.
 */
async function memberWalletAddress(
  stores: Pick<Stores, 'identities' | 'wallets'>,
  member: MemberIdentifier,
): Promise<string | undefined> {
  if (member.kind === 'address') return member.address
  const ownerKey = await resolveWalletOwnerKey(stores, `email:${member.email}`)
  return (await stores.wallets.findByOwner(ownerKey))?.address.toLowerCase()
}

/**
 * The member's wallet (`memberWalletAddress`) and how the request named it (`label`: the email or the
 * address), or 404 MEMBER_NOT_FOUND when the email has no wallet.
 */
export async function requireMemberWallet(
  stores: Pick<Stores, 'identities' | 'wallets'>,
  member: MemberIdentifier,
): Promise<{ walletAddress: string; label: string }> {
  const label = member.kind === 'email' ? member.email : member.address
  const walletAddress = await memberWalletAddress(stores, member)
  if (walletAddress === undefined) throw memberNotFound(label)
  return { walletAddress, label }
}
