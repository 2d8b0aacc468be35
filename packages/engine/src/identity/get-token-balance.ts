import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, formatUnits } from 'viem'
import { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { TOKEN_DECIMALS } from '../minting/mint-amount'

export const getTokenBalanceParametersSchema = z.object({
  /** The holder: a 0x address. */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address'),
})

export type GetTokenBalanceParameters = z.input<typeof getTokenBalanceParametersSchema>

export type TokenBalance = {
  /** Whole tokens as a decimal string (may carry a fraction), e.g. `"150"`. */
  balance: string
  /** The same in wei (18 decimals), decimal string. */
  balanceWei: string
  /** The points token's address. */
  token: string
}

/** The points-token balance of an address, read from the chain (`balanceOf`). */
export async function getTokenBalance(ctx: EngineContext, params: GetTokenBalanceParameters): Promise<TokenBalance> {
  const { address } = parseInput(getTokenBalanceParametersSchema, params)
  const chain = requireChain(ctx)
  let wei: bigint
  try {
    wei = await chain.publicClient.readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'balanceOf',
      args: [address as Address],
    })
  } catch (cause) {
    throw new UnavailableError('Cannot read the balance from the chain', 'CHAIN_UNAVAILABLE', {}, cause)
  }
  return {
    balance: formatUnits(wei, TOKEN_DECIMALS),
    balanceWei: wei.toString(),
    token: chain.contracts.pointsToken.toLowerCase(),
  }
}
