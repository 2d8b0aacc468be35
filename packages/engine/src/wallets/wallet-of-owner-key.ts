import type { EngineContext } from '../context'
import type { Stores } from '../ports/storage'
import { viemWalletKeys } from '../ports/wallet-keys'

/**
 * The custodial wallet stored under `ownerKey` (already canonical: `email:…`, `oauth:…`, `agent:lak_…`),
 * created on first use: a key generated here, encrypted by `ctx.keyVault`, stored with
 * `wallets.insertIfAbsent`. Concurrent calls for one owner all answer the same address; exactly one
 * answers `created: true`. A step: `stores` is `ctx.storage` or the caller's transaction.
 */
export async function walletOfOwnerKey(
  ctx: EngineContext,
  stores: Pick<Stores, 'wallets'>,
  ownerKey: string,
): Promise<{ address: string; created: boolean }> {
  const existing = await stores.wallets.findByOwner(ownerKey)
  if (existing) return { address: existing.address, created: false }
  const { privateKey, address } = (ctx.walletKeys ?? viemWalletKeys).generate()
  const { wallet, created } = await stores.wallets.insertIfAbsent({
    id: ctx.ids.uuid(),
    address,
    ownerKey,
    encryptedKey: ctx.keyVault.encrypt(privateKey),
    createdAt: ctx.clock.now(),
  })
  if (created) ctx.logger.info({ address: wallet.address }, 'custodial wallet created')
  return { address: wallet.address, created }
}
