import { z } from 'zod'

/** One key's fixed window: what `engine.rateLimits.hit` counts in and `peek` reads. */
export const rateLimitWindowSchema = z.object({
  /** The counter, e.g. `ip:relayer:203.0.113.7`; put the subject and the surface in it. */
  key: z.string().min(1).max(512),
  /** Hits allowed in a window; 0 refuses every hit. */
  limit: z.number().int().min(0).max(1_000_000_000),
  /** Window length: windows are `[floor(now / windowMs) * windowMs, + windowMs)` in epoch ms. */
  windowMs: z
    .number()
    .int()
    .min(1000)
    .max(31 * 24 * 3_600_000),
})
