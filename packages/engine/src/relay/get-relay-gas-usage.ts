import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { RelayGasUsage } from '../ports/relay-store'
import { utcDay } from './utc-day'

export const getRelayGasUsageParametersSchema = z.object({
  subject: z.enum(['user', 'brand']),
  /** A user's wallet address or a brandId. */
  id: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
    .transform((v) => v.toLowerCase()),
  /** `YYYY-MM-DD` (UTC); default today. */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
})

export type GetRelayGasUsageParameters = z.input<typeof getRelayGasUsageParametersSchema>

/** Gas the relayer spent for a user or a brand on one UTC day (mined transactions, reverted ones too). */
export async function getRelayGasUsage(
  ctx: EngineContext,
  params: GetRelayGasUsageParameters,
): Promise<RelayGasUsage & { day: string }> {
  const p = parseInput(getRelayGasUsageParametersSchema, params, 'Invalid gas usage query')
  const day = p.day ?? utcDay(ctx.clock.now())
  return { ...(await ctx.storage.relay.getGasUsage({ subject: { kind: p.subject, id: p.id }, day })), day }
}
