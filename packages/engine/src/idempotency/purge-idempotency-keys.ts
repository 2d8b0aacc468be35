import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

export const purgeIdempotencyKeysParametersSchema = z.object({})

export type PurgeIdempotencyKeysParameters = z.input<typeof purgeIdempotencyKeysParametersSchema>

/** Deletes every expired key (answer past its retention, or a lock that ran out); answers how many. */
export async function purgeIdempotencyKeys(
  ctx: EngineContext,
  params: PurgeIdempotencyKeysParameters = {},
): Promise<number> {
  parseInput(purgeIdempotencyKeysParametersSchema, params)
  return ctx.storage.idempotency.purgeExpired({ now: ctx.clock.now() })
}
