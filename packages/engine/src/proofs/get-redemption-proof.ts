import type { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { maskEmail } from '../text/mask-email'
import {
  type GetRedemptionProofParameters,
  getRedemptionProofParametersSchema,
  type getRedemptionProofResponseSchema,
} from './get-redemption-proof-schema'
import { revealsPersonalData } from './proof-access'
import { ProofNotFoundError } from './proof-errors'
import { proofFacts } from './proof-facts'
import { redemptionEntry } from './redemption-entry'

export type GetRedemptionProofOptions = {
  /** The API key the caller presented (`Authorization: Bearer`): a key of the perk's brand unmasks personal data. */
  apiKey?: string | undefined
}

export type GetRedemptionProofReturnType = z.output<typeof getRedemptionProofResponseSchema>

const text = (v: unknown) => (typeof v === 'string' ? v : null)
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)

/**
 * The proof of one perk claim (docs/ledger.md#proof-of-issuance), found by `<collectionId>:<tokenId>`
 * or by its confirmation code: the perk, the price paid and where it was paid on chain (the price's
 * `Transfer` log; none for a free perk), from the claimer's `redemption` ledger entry. Public; the
 * claimer's email is masked and the code and user key left out unless `options.apiKey` is a key of
 * the perk's brand (401/403 for another key). 404 REDEMPTION_NOT_FOUND otherwise.
 */
export async function getRedemptionProof(
  ctx: EngineContext,
  params: GetRedemptionProofParameters,
  options: GetRedemptionProofOptions = {},
): Promise<GetRedemptionProofReturnType> {
  const { redemptionId } = parseInput(getRedemptionProofParametersSchema, params, 'Invalid redemption id')
  const entry = await redemptionEntry(ctx.storage, redemptionId)
  if (!entry) throw new ProofNotFoundError('redemption', redemptionId)
  const unmasked = await revealsPersonalData(ctx, options.apiKey, entry.brandId)
  const [collectionId = '', tokenId = ''] = entry.sourceId.split(':')
  const snapshot = entry.snapshot ?? {}
  const code = unmasked ? await ctx.storage.redemptionCodes.findByClaim({ collectionId, tokenId }) : undefined
  const email = entry.userKey?.startsWith('email:') ? entry.userKey.slice('email:'.length) : null
  return {
    redemption: {
      id: entry.sourceId,
      collectionId,
      tokenId,
      perkId: text(snapshot.perkId),
      perkName: text(snapshot.perkName),
      brandId: entry.brandId,
      price: -entry.amount,
      claimLogIndex: int(snapshot.claimLogIndex),
      channel: text(snapshot.channel),
      confirmationCode: code?.code ?? null,
      userEmail: email === null ? null : unmasked ? email : maskEmail(email),
      userKey: unmasked ? entry.userKey : null,
      createdAt: new Date(entry.createdAt).toISOString(),
    },
    ...proofFacts(ctx.chain, entry, !unmasked),
  }
}
