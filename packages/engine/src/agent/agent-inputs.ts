import { z } from 'zod'
import { BRAND_CATEGORIES } from '../ports/brand-store'
import { brandIdSchema } from '../schemas/brand-id'

/** A query-string number ("20") or a JSON number; anything else is left for the number schema to refuse. */
const toNumber = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v

/**
 * The input pieces every agent tool shares (docs/agent-api.md "Rules for every route"): bounds are
 * refused (400), never clamped.
 */
export const agentInputs = {
  /** An integer within [min, max], `fallback` when absent. */
  integer: (min: number, max: number, fallback: number) =>
    z.preprocess(
      toNumber,
      z
        .number({ error: 'must be a number' })
        .int('must be an integer')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .default(fallback),
    ),
  /** A number within [min, max], `fallback` when absent. */
  number: (min: number, max: number, fallback: number) =>
    z.preprocess(
      toNumber,
      z
        .number({ error: 'must be a number' })
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .default(fallback),
    ),
  /** A number within [min, max] that must be given. */
  requiredNumber: (min: number, max: number) =>
    z.preprocess(
      toNumber,
      z.number({ error: 'must be a number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
    ),
  /** A brand id from a path or query: case-insensitive 0x address, answered lowercase. */
  brandId: z.string().trim().toLowerCase().pipe(brandIdSchema),
  /** `retail|dining|travel|gaming|other` (agent-api.md "Categories"). */
  category: z.enum(BRAND_CATEGORIES),
  /** What an agent's user is shopping for, in their words (best_deals, route_purchase): 1-200 characters. */
  intent: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  /** An email or a 0x address (agent-api.md "userId"). */
  userId: z.string().trim().min(1, 'is required').max(254, 'must be at most 254 characters'),
}
