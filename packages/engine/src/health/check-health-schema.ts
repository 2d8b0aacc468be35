import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/** `GET /loyalty-api/health`, `/diagnostic` and `/debug` take no input. */
export const checkHealthParametersSchema = z.object({})

export type CheckHealthParameters = z.input<typeof checkHealthParametersSchema>

/** A dependency's status word on the health endpoints. */
export const serviceStatusSchema = z.enum(['connected', 'disconnected', 'not_configured'])

/**
 * 200 (or 503 when the database is down) body of `GET /loyalty-api/health`: `healthy` when every
 * service is connected, `degraded` otherwise.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  /** ISO 8601. */
  timestamp: wireFormats.isoTimestamp,
  services: z.object({
    database: serviceStatusSchema,
    blockchain: serviceStatusSchema,
    /** The identity provider (local dev issuer, or Privy). */
    identity: serviceStatusSchema,
  }),
})

/** 200 body of `GET /loyalty-api/diagnostic`: the health probes, flat. */
export const diagnosticResponseSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  database: serviceStatusSchema,
  blockchain: serviceStatusSchema,
  /** The identity provider's status. */
  identityProvider: serviceStatusSchema,
  /** ISO 8601. */
  timestamp: wireFormats.isoTimestamp,
})

/** 200 body of `GET /loyalty-api/debug`: how the request arrived. */
export const debugResponseSchema = z.object({
  debug: z.string(),
  hostname: z.string(),
  path: z.string(),
  method: z.string(),
  /** ISO 8601. */
  timestamp: wireFormats.isoTimestamp,
  /** The server's version. */
  worker_version: z.string(),
})
