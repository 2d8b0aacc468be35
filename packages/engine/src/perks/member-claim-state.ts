import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, formatUnits } from 'viem'
import { UnavailableError } from '../errors/common-errors'
import { TOKEN_DECIMALS } from '../minting/mint-amount'
import type { ChainPort } from '../ports/chain'
import type { RelayRevert } from '../relay/decode-relay-revert'
import { PerkRedemptionRefusedError } from './perk-redemption-refused-error'

/** A perk collection and one member as the chain has them now. */
export type MemberClaimState = {
  /** Lowercase 0x address the price is paid to (the brand). */
  brand: string
  active: boolean
  /** Wei. */
  price: bigint
  /** 0 = unlimited. */
  maxSupply: bigint
  claimed: bigint
  /** 0 = unlimited. */
  maxPerUser: bigint
  /** The member's claims of this collection. */
  claims: bigint
  /** The member's points balance, wei. */
  balance: bigint
  /** What the member already allows the collection to spend, wei. */
  allowance: bigint
}

/** Reads the collection, the member's claims, balance and allowance (in parallel). */
export async function readMemberClaimState(
  chain: ChainPort,
  p: { collectionId: bigint; wallet: Address },
): Promise<MemberClaimState> {
  const { perkCollection, pointsToken } = chain.contracts
  const read = chain.publicClient.readContract
  try {
    const [c, claims, balance, allowance] = await Promise.all([
      read({ address: perkCollection, abi: perkCollectionAbi, functionName: 'collection', args: [p.collectionId] }),
      read({
        address: perkCollection,
        abi: perkCollectionAbi,
        functionName: 'claimsOf',
        args: [p.collectionId, p.wallet],
      }),
      read({ address: pointsToken, abi: pointsTokenAbi, functionName: 'balanceOf', args: [p.wallet] }),
      read({ address: pointsToken, abi: pointsTokenAbi, functionName: 'allowance', args: [p.wallet, perkCollection] }),
    ])
    return {
      brand: c.brand.toLowerCase(),
      active: c.active,
      price: c.price,
      maxSupply: c.maxSupply,
      claimed: c.claimed,
      maxPerUser: c.maxPerUser,
      claims,
      balance,
      allowance,
    }
  } catch (cause) {
    throw new UnavailableError('Cannot read the perk from the chain', 'CHAIN_UNAVAILABLE', {}, cause)
  }
}

const tokens = (wei: bigint) => Number(formatUnits(wei, TOKEN_DECIMALS))

/** The refusal the chain's state gives a claim now (in the contract's own order), or undefined. */
export function refusalOfState(s: MemberClaimState): PerkRedemptionRefusedError | undefined {
  if (!s.active) return new PerkRedemptionRefusedError('inactive', 'This perk is not active')
  if (s.maxSupply !== 0n && s.claimed >= s.maxSupply) {
    return new PerkRedemptionRefusedError('sold_out', 'This perk is sold out', { maxSupply: Number(s.maxSupply) })
  }
  if (s.maxPerUser !== 0n && s.claims >= s.maxPerUser) {
    return new PerkRedemptionRefusedError('per_user_limit', 'This member has claimed this perk as often as allowed', {
      claims: Number(s.claims),
      maxPerUser: Number(s.maxPerUser),
    })
  }
  if (s.balance < s.price) {
    return new PerkRedemptionRefusedError('insufficient_balance', 'Not enough points for this perk', {
      balance: tokens(s.balance),
      cost: tokens(s.price),
    })
  }
  return undefined
}

/** The refusal a reverted `claimFor` (simulated or mined) stands for, or undefined for any other revert. */
export function refusalOfRevert(revert: RelayRevert): PerkRedemptionRefusedError | undefined {
  if (!revert.reverted) return undefined
  switch (revert.errorName) {
    case 'CollectionInactive':
      return new PerkRedemptionRefusedError('inactive', 'This perk is not active')
    case 'SoldOut':
      return new PerkRedemptionRefusedError('sold_out', 'This perk is sold out')
    case 'MaxPerUserReached': {
      const [, , claims, max] = revert.args as [unknown, unknown, bigint, bigint]
      return new PerkRedemptionRefusedError('per_user_limit', 'This member has claimed this perk as often as allowed', {
        claims: Number(claims),
        maxPerUser: Number(max),
      })
    }
    case 'ERC20InsufficientBalance':
      return new PerkRedemptionRefusedError('insufficient_balance', 'Not enough points for this perk')
    default:
      return undefined
  }
}
