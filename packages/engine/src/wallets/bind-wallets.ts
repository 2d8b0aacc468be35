import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { getTokenBalance } from '../identity/get-token-balance'
import { findWalletByOwner } from './find-wallet-by-owner'
import { getOrCreateWallet } from './get-or-create-wallet'
import { loadWalletAccount } from './load-wallet-account'

/** `engine.wallets`: custodial wallets and balances. */
export function bindWallets(ctx: EngineContext) {
  return {
    getOrCreate: bindOperation(ctx, getOrCreateWallet),
    findByOwner: bindOperation(ctx, findWalletByOwner),
    loadAccount: bindOperation(ctx, loadWalletAccount),
    getBalance: bindOperation(ctx, getTokenBalance),
  }
}
