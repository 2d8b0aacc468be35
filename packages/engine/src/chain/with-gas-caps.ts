import type { LocalAccount } from 'viem'
import type { GasCaps } from '../ports/chain'
import { assertWithinGasCaps } from './gas-caps'

/**
 * The same account, except that `signTransaction` first checks the transaction against `caps`
 * (throwing GasCapExceededError). Wrap every server signer with it, so that no code path (viem's
 * `writeContract`, `deployContract`, the minter, the relayer) can sign over a cap.
 */
export function withGasCaps<account extends LocalAccount>(account: account, caps: GasCaps): account {
  return {
    ...account,
    signTransaction: (async (transaction, options) => {
      assertWithinGasCaps(transaction, caps)
      return account.signTransaction(transaction, options)
    }) as account['signTransaction'],
  }
}
