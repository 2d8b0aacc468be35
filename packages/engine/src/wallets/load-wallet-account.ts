import type { Hex, LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { LoyaltyError } from '../errors/loyalty-error'
import { parseInput } from '../errors/zod-issues'

export const loadWalletAccountParametersSchema = z.object({ address: z.string() })

export type LoadWalletAccountParameters = z.input<typeof loadWalletAccountParametersSchema>

/**
 * The viem account of a custodial wallet, for server-side signing: its key decrypted by
 * `ctx.keyVault`. Throws NotFoundError (WALLET_NOT_FOUND) for an address that is no custodial wallet
 * and DecryptionError when the master key is not the one the key was stored under.
 */
export async function loadWalletAccount(
  ctx: EngineContext,
  params: LoadWalletAccountParameters,
): Promise<LocalAccount> {
  const { address } = parseInput(loadWalletAccountParametersSchema, params)
  const wallet = await ctx.storage.wallets.findByAddress(address.toLowerCase())
  if (!wallet) throw new NotFoundError(`No custodial wallet at ${address}`, 'WALLET_NOT_FOUND', { address })
  const account = privateKeyToAccount(ctx.keyVault.decrypt(wallet.encryptedKey) as Hex)
  if (account.address.toLowerCase() !== wallet.address) {
    throw new LoyaltyError('Stored wallet key does not match its address', {
      code: 'WALLET_KEY_MISMATCH',
      category: 'internal',
      details: { address: wallet.address },
    })
  }
  return account
}
