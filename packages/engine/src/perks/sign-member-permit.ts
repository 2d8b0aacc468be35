import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, parseSignature } from 'viem'
import type { EngineContext } from '../context'
import { PERMIT_TYPES, tokenDomain } from '../identity/approved-permit'
import type { ChainPort } from '../ports/chain'
import type { RelayPermit } from '../relay/relay-schema'
import { loadWalletAccount } from '../wallets/load-wallet-account'

/** Lifetime of a permit the server signs for a member's redemption: executed at once, so short. */
const PERMIT_LIFETIME_SECONDS = 3600

/**
 * An ERC-2612 permit of the points token, signed server-side with a custodial wallet's key: `owner`
 * lets `spender` (the perk collection) spend `value` wei, under the owner's current token nonce.
 * Only for the wallet's own redemption (`redeemForMember`), which executes it at once through the
 * relay sender; callers serialise a wallet's redemptions so two permits never share a nonce.
 */
export async function signMemberPermit(
  ctx: EngineContext,
  chain: ChainPort,
  p: { owner: Address; spender: Address; value: bigint },
): Promise<RelayPermit> {
  const [account, domain, nonce] = await Promise.all([
    loadWalletAccount(ctx, { address: p.owner }),
    tokenDomain(chain),
    chain.publicClient.readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'nonces',
      args: [p.owner],
    }),
  ])
  const deadline = Math.floor(ctx.clock.now() / 1000) + PERMIT_LIFETIME_SECONDS
  const signature = await account.signTypedData({
    domain: { ...domain, chainId: chain.chainId, verifyingContract: chain.contracts.pointsToken },
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message: { owner: p.owner, spender: p.spender, value: p.value, nonce, deadline: BigInt(deadline) },
  })
  const { r, s, v, yParity } = parseSignature(signature)
  return {
    owner: p.owner.toLowerCase() as Address,
    spender: p.spender.toLowerCase() as Address,
    value: p.value,
    deadline,
    v: (v === undefined ? yParity + 27 : Number(v)) as RelayPermit['v'],
    r,
    s,
  }
}
