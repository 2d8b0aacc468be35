import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/** `GET /readyz` takes no input. */
export const checkReadinessParametersSchema = z.object({})

export type CheckReadinessParameters = z.input<typeof checkReadinessParametersSchema>

/** ok: passes · failing: makes the process not ready · skipped: does not apply (no chain configured). */
const checkStatusSchema = z.enum(['ok', 'failing', 'skipped'])

/** Each readiness check by name, with the non-secret facts it found (why a check failed goes to the log only). */
export const readinessChecksSchema = z.object({
  /** A round trip to the database. */
  database: z.object({ status: checkStatusSchema }),
  /** Every migration this version knows is applied; `pending` counts the others (unreadable: absent). */
  migrations: z.object({ status: checkStatusSchema, pending: z.number().int().optional() }),
  /** The chain answers `eth_blockNumber`. */
  chain: z.object({ status: checkStatusSchema, blockNumber: z.number().int().optional() }),
  /** Some process (this one or another) holds the minter's lease, so mint jobs are being worked. */
  minterLease: z.object({ status: checkStatusSchema }),
  /** Mint jobs not confirmed yet (pending + batched), at most `max`. */
  mintBacklog: z.object({ status: checkStatusSchema, jobs: z.number().int().optional(), max: z.number().int() }),
})

/** 200 (ready) or 503 (not ready) body of `GET /readyz`. */
export const checkReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** ISO 8601. */
  timestamp: wireFormats.isoTimestamp,
  checks: readinessChecksSchema,
})

/** 200 body of `GET /livez`: the process answers (nothing else is checked). */
export const livenessResponseSchema = z.object({ status: z.literal('alive') })
