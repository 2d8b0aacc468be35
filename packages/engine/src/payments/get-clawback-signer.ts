import { CLAWBACK_ROLE, pointsTokenAbi } from '@loyaltykit/contracts'
import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

export const getClawbackSignerParametersSchema = z.object({})

export type GetClawbackSignerParameters = z.input<typeof getClawbackSignerParametersSchema>

export type GetClawbackSignerReturnType =
  | {
      /** The account the clawback worker signs with: the relayer. */
      address: string
      /** Whether it holds CLAWBACK_ROLE on the points token; undefined when the chain could not tell. */
      hasClawbackRole: boolean | undefined
    }
  | undefined

/**
 * The refund clawback worker's signer and whether it may burn refunded points. Undefined without a
 * chain (no worker can run). Without the role, refunds are recorded but never clawed back.
 */
export async function getClawbackSigner(
  ctx: EngineContext,
  params: GetClawbackSignerParameters = {},
): Promise<GetClawbackSignerReturnType> {
  parseInput(getClawbackSignerParametersSchema, params)
  const chain = ctx.chain
  if (!chain) return undefined
  const hasClawbackRole = await chain.publicClient
    .readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'hasRole',
      args: [CLAWBACK_ROLE, chain.relayer.address],
    })
    .catch(() => undefined)
  return { address: chain.relayer.address, hasClawbackRole }
}
