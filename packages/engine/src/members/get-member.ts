import type { z } from 'zod'
import { authorizeBrandReader, type BrandReaderOptions } from '../brands/authorize-brand-reader'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type GetMemberParameters, getMemberParametersSchema, type getMemberResponseSchema } from './get-member-schema'
import { readMemberAtBrand } from './read-member-at-brand'

export type GetMemberOptions = BrandReaderOptions

export type GetMemberReturnType = z.output<typeof getMemberResponseSchema>

/**
 * A member of the caller's brand (docs/api/members.md): its wallet, its on-chain balance (network-wide)
 * and its totals at this brand from the ledger (one aggregate over the index (brand_id,
 * wallet_address, created_at, id)). The brand is the API key's (`authorizeBrandReader`, checked before
 * the input). 404 MEMBER_NOT_FOUND when the email has no wallet or the wallet has no ledger entry at
 * this brand; 503 CHAIN_UNAVAILABLE when the balance cannot be read.
 */
export async function getMember(
  ctx: EngineContext,
  params: GetMemberParameters,
  options: GetMemberOptions = {},
): Promise<GetMemberReturnType> {
  const brandId = await authorizeBrandReader(ctx, options, (params as { brandId?: unknown } | undefined)?.brandId)
  const p = parseInput(getMemberParametersSchema, params, 'Invalid member')
  return readMemberAtBrand(ctx, brandId, p.emailOrAddress)
}
