import type { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { EventRule } from '../ports/rule-store'
import { stripControlCharacters } from '../text/strip-control-characters'
import { isTrustedCaller } from './is-trusted-caller'
import type { EventFacts } from './judge-event'
import { judgeEventDomain } from './judge-event-domain'
import { processEventParametersSchema } from './process-event-schema'

export type EventInput = z.output<typeof processEventParametersSchema>

/** Who sent an event and the duplicate window it is judged with. */
export type ReadEventFactsOptions = {
  /** The request's `Origin` header, when there is one. */
  origin?: string | undefined
  /** The bearer API key the request presented, if any. */
  apiKey?: string | undefined
  /** Same event type + user inside this window is a duplicate. Default 60 s. */
  duplicateWindowMs?: number
  /** An authenticated source (`AcceptEventOptions.source`): the domain is not judged. */
  source?: string | undefined
}

/** The facts of `judgeEvent` that need no lock: all but the claim history and the time. */
export type EventFactsBeforeClaim = Omit<EventFacts, 'input' | 'rule' | 'history' | 'now'> & {
  input: EventInput
  rule: EventRule | undefined
}

/**
 * Everything manual-event and check-eligibility read before the claim history, in manual-event's
 * order: the body, validated after control characters are stripped (400), the brand (404), its
 * rule for the type (enabled or not), and the caller's key (401 INVALID_API_KEY, 403
 * API_KEY_BRAND_MISMATCH) — verified only when the domain passes, since a refused domain answers
 * before the key is looked at. `params` is validated here: a bulk item arrives unchecked.
 */
export async function readEventFacts(
  ctx: EngineContext,
  params: unknown,
  options: ReadEventFactsOptions = {},
): Promise<EventFactsBeforeClaim> {
  const input = parseInput(processEventParametersSchema, stripControlCharacters(params), 'Validation failed')
  const brand = await ctx.storage.brands.get(input.brandId)
  if (!brand) throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brandId: input.brandId })
  const skipDomain = options.source !== undefined
  const domainRefused = !skipDomain && judgeEventDomain(input, options.origin, brand.websites) !== undefined
  const trusted =
    domainRefused || options.apiKey === undefined ? false : await isTrustedCaller(ctx, options.apiKey, input.brandId)
  return {
    input,
    origin: options.origin,
    websites: brand.websites,
    rule: await ctx.storage.rules.get(input.brandId, input.eventType),
    trusted,
    skipDomain,
    duplicateWindowMs: options.duplicateWindowMs ?? 60_000,
  }
}
