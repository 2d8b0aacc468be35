import { type Hex, parseSignature } from 'viem'
import type { EngineContext } from '../context'
import { isLoyaltyError } from '../errors/loyalty-error'
import { loadWalletAccount } from '../wallets/load-wallet-account'
import { approvedPermit } from './approved-permit'
import { getTokenBalance } from './get-token-balance'
import { WalletNotCustodialError } from './identity-errors'

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
 * leaves the server. `user` comes from verifyAccessToken. A wallet this server has no key for →
 * WalletNotCustodialError (403); anything but an approved payload → TypedDataNotAllowedError (403).
 */
export async function signUserTypedData(
  ctx: EngineContext,
  p: { user: { walletAddress: string; custodial: boolean }; typedData: unknown },
): Promise<SignUserTypedDataReturnType> {
  if (!p.user.custodial) throw new WalletNotCustodialError(p.user.walletAddress)
  const { balanceWei } = await getTokenBalance(ctx, p.user.walletAddress)
  const permit = await approvedPermit(ctx, {
    owner: p.user.walletAddress,
    typedData: p.typedData,
    balanceWei: BigInt(balanceWei),
  })
  const account = await loadWalletAccount(ctx, p.user.walletAddress).catch((e: unknown) => {
    if (isLoyaltyError(e) && e.code === 'WALLET_NOT_FOUND') throw new WalletNotCustodialError(p.user.walletAddress)
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
