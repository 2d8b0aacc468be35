// Written by hand from spec 01 §4 for now; to be replaced by the types inferred from the shared zod
// schemas once they exist.

/** A service's status word, e.g. `connected`; other values are possible. */
export type ServiceStatus = 'connected' | (string & {})

/** GET /loyalty-api/health. */
export type HealthResponse = {
  /** `healthy` when every service is up; another word (e.g. `degraded`) otherwise. */
  status: 'healthy' | 'degraded' | (string & {})
  /** ISO 8601. */
  timestamp: string
  /** `database`, `blockchain` and the identity provider's status (its key is not fixed by the spec). */
  services: { database: ServiceStatus; blockchain: ServiceStatus } & Record<string, ServiceStatus>
}

/** GET /loyalty-api/diagnostic: the same statuses, flat. */
export type DiagnosticResponse = {
  status: string
  database: ServiceStatus
  blockchain: ServiceStatus
  /** ISO 8601. */
  timestamp: string
  /** The identity provider's status and anything else the server reports. */
  [service: string]: string
}

/** GET /loyalty-api/debug. */
export type DebugResponse = {
  debug: string
  hostname: string
  path: string
  method: string
  /** ISO 8601. */
  timestamp: string
  worker_version: string
}
