import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { maskEmail } from '../text/mask-email'
import {
  type GetEventProofParameters,
  getEventProofParametersSchema,
  type getEventProofResponseSchema,
} from './get-event-proof-schema'
import { mintJobFacts } from './mint-job-facts'
import { revealsPersonalData } from './proof-access'
import { ProofNotFoundError } from './proof-errors'
import { proofFacts } from './proof-facts'

export type GetEventProofOptions = {
  /** The API key the caller presented (`Authorization: Bearer`): a key of the event's brand unmasks personal data. */
  apiKey?: string | undefined
}

export type GetEventProofReturnType = z.output<typeof getEventProofResponseSchema>

/** What the reward entry's snapshot holds of the rule (`ruleSnapshot` in ledger/record-reward-entry.ts). */
const ruleSnapshotSchema = z.object({
  ruleEventId: z.string(),
  eventType: z.string(),
  rewardAmount: z.number(),
  maxClaims: z.number(),
  cooldownHours: z.number(),
  maxTotalClaims: z.number().nullable(),
  rulesVersion: z.number(),
})

/**
 * The proof of issuance of one event (docs/ledger.md#proof-of-issuance): the event, the rule as it
 * was judged, and where its reward is on chain (wallet, batch, transaction, block, the index of its
 * `Transfer` log), from the event's `reward` ledger entry. Public; the user's email is masked and the
 * metadata left out unless `options.apiKey` is a key of the event's brand (401/403 for another key).
 * 404 EVENT_NOT_FOUND for an unknown id.
 */
export async function getEventProof(
  ctx: EngineContext,
  params: GetEventProofParameters,
  options: GetEventProofOptions = {},
): Promise<GetEventProofReturnType> {
  const { eventId } = parseInput(getEventProofParametersSchema, params, 'Invalid event id')
  const event = await ctx.storage.events.get(eventId)
  if (!event) throw new ProofNotFoundError('event', eventId)
  const unmasked = await revealsPersonalData(ctx, options.apiKey, event.brandId)
  const [entry] = await ctx.storage.ledger.listBySource({ sourceType: 'event', sourceId: event.id })
  const rule = ruleSnapshotSchema.safeParse(entry?.snapshot)
  return {
    event: {
      id: event.id,
      eventType: event.eventType,
      brandId: event.brandId,
      createdAt: new Date(event.createdAt).toISOString(),
      rewardAmount: event.rewardAmount,
      userEmail: unmasked ? event.userEmail : maskEmail(event.userEmail),
      domain: event.domain,
      source: event.source,
      channelId: event.channelId,
      metadata: unmasked ? event.metadata : null,
    },
    rule: rule.success
      ? {
          eventId: rule.data.ruleEventId,
          eventType: rule.data.eventType,
          rewardAmount: rule.data.rewardAmount,
          maxClaims: rule.data.maxClaims,
          cooldownHours: rule.data.cooldownHours,
          maxTotalClaims: rule.data.maxTotalClaims,
          updatedAt: new Date(rule.data.rulesVersion).toISOString(),
        }
      : null,
    ...proofFacts(
      ctx.chain,
      entry ??
        (await mintJobFacts(ctx, {
          mintJobId: event.mintJobId,
          walletAddress: event.walletAddress,
          amount: event.rewardAmount,
          decidedAt: event.createdAt,
        })),
      !unmasked,
    ),
  }
}
