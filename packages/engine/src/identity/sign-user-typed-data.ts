import { type Hex, parseSignature } from 'viem'
import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { loadWalletAccount } from '../wallets/load-wallet-account'
import { approvedPermit } from './approved-permit'
import { getTokenBalance } from './get-token-balance'
import { WalletNotCustodialError } from './identity-errors'
import type { SignUserTypedDataParameters } from './sign-user-typed-data-schema'

export type SignUserTypedDataOptions = {
  /** The caller, from `verifyAccessToken`: whose custodial wallet signs. */
  user: { walletAddress: string; custodial: boolean }
}

export type SignUserTypedDataReturnType = {
  signature: Hex
  v: number
  r: Hex
  s: Hex
  /** Ready for the relayer's `metadata.permit`. */
  permit: { owner: string; spender: string; value: string; deadline: number; v: number; r: Hex; s: Hex }
}

/**
 * Signs an approved EIP-712 payload (see approvedPermit) with the user's custodial wallet, so that a
 * brand's web page can obtain a permit signature for the relayer without holding keys. The key never
 * leaves the server. `options.user` comes from verifyAccessToken. A wallet this server has no key for →
 * WalletNotCustodialError (403); anything but an approved payload → TypedDataNotAllowedError (403,
 * checked by `approvedPermit`, malformed bodies included).
 */
export async function signUserTypedData(
  ctx: EngineContext,
  params: SignUserTypedDataParameters,
  options: SignUserTypedDataOptions,
): Promise<SignUserTypedDataReturnType> {
  const { user } = options
  if (!user.custodial) throw new WalletNotCustodialError(user.walletAddress)
  const { balanceWei } = await getTokenBalance(ctx, { address: user.walletAddress })
  const permit = await approvedPermit(ctx, {
    owner: user.walletAddress,
    typedData: params,
    balanceWei: BigInt(balanceWei),
  })
  const account = await loadWalletAccount(ctx, { address: user.walletAddress }).catch((e: unknown) => {
    if (isLoyaltyError(e) && e.code === 'WALLET_NOT_FOUND') throw new WalletNotCustodialError(user.walletAddress)
    throw e
  })
  const signature = await account.signTypedData(permit)
  const { r, s, v, yParity } = parseSignature(signature)
  const vNumber = v === undefined ? yParity + 27 : Number(v)
  ctx.logger.info(
    { owner: permit.message.owner, spender: permit.message.spender, deadline: Number(permit.message.deadline) },
    'permit signed',
  )
  return {
    signature,
    v: vNumber,
    r,
    s,
    permit: {
      owner: permit.message.owner.toLowerCase(),
      spender: permit.message.spender.toLowerCase(),
      value: permit.message.value.toString(),
      deadline: Number(permit.message.deadline),
      v: vNumber,
      r,
      s,
    },
  }
}
