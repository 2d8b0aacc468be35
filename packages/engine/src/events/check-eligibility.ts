import type { z } from 'zod'
import type { EngineContext } from '../context'
import type { CheckEligibilityParameters, checkEligibilityResponseSchema } from './check-eligibility-schema'
import { judgeEvent } from './judge-event'
import { type ReadEventFactsOptions, readEventFacts } from './read-event-facts'

/** Who asks and the duplicate window: the options manual-event would be judged with. */
export type CheckEligibilityOptions = ReadEventFactsOptions

export type CheckEligibilityReturnType = z.output<typeof checkEligibilityResponseSchema>

/**
 * The dry run of manual-event: judges the same body with the same options by the same function
 * (`judgeEvent`) and answers every reason it would be refused for, instead of the first. Errors that
 * are not the rule's judgement stay errors, as in manual-event: an invalid body (400), an unknown brand
 * (404), an invalid API key (401/403). Writes nothing: the claim history is read without a lock and
 * without creating a counter row; no wallet, event, mint job or webhook delivery.
 */
export async function checkEligibility(
  ctx: EngineContext,
  params: CheckEligibilityParameters,
  options: CheckEligibilityOptions = {},
): Promise<CheckEligibilityReturnType> {
  const facts = await readEventFacts(ctx, params, options)
  const { input, rule } = facts
  const history = rule
    ? await ctx.storage.events.readClaimHistory({
        brandId: input.brandId,
        eventType: input.eventType,
        userKey: input.userEmail,
      })
    : undefined
  const reasons = judgeEvent({ ...facts, history, now: ctx.clock.now() })
  // What the event earns once the reasons are gone; nothing for a disabled rule or a refused domain.
  const earns = rule?.enabled === true && reasons[0]?.code !== 'domain'
  return { eligible: reasons.length === 0, rewardAmount: earns ? rule.rewardAmount : 0, reasons }
}
