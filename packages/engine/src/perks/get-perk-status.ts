import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type GetPerkStatusParameters, getPerkStatusParametersSchema } from './get-perk-status-schema'
import { readBrandPerkToken } from './read-brand-perk-token'

export type GetPerkStatusOptions = {
  /** The brand that signed the request (`verifyBrandSignature`): only its collections are served. */
  brandId: string
}

export type PerkTokenStatus = {
  collectionId: string
  tokenId: string
  /** Lowercase 0x address of the current holder. */
  owner: string
  chargesRemaining: number
  chargesTotal: number
  /** `active` while charges remain, else `depleted`. */
  status: 'active' | 'depleted'
  /** ISO 8601 time of the claim (the block's timestamp). */
  claimedAt: string
}

export function perkTokenStatus(t: {
  collectionId: bigint
  tokenId: bigint
  owner: string
  chargesRemaining: number
  chargesTotal: number
  claimedAt: number
}): PerkTokenStatus {
  return {
    collectionId: t.collectionId.toString(),
    tokenId: t.tokenId.toString(),
    owner: t.owner,
    chargesRemaining: t.chargesRemaining,
    chargesTotal: t.chargesTotal,
    status: t.chargesRemaining > 0 ? 'active' : 'depleted',
    claimedAt: new Date(t.claimedAt * 1000).toISOString(),
  }
}

/** Owner, charges remaining and total, and claim time of a perk token of one of the brand's collections (read from the chain). */
export async function getPerkStatus(
  ctx: EngineContext,
  params: GetPerkStatusParameters,
  options: GetPerkStatusOptions,
): Promise<PerkTokenStatus & { success: true }> {
  const p = parseInput(getPerkStatusParametersSchema, params, 'Invalid perk status query')
  const chain = requireChain(ctx)
  const token = await readBrandPerkToken(chain, { brandId: options.brandId, ...p })
  return { success: true, ...perkTokenStatus(token) }
}
