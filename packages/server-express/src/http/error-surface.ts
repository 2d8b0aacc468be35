import type { RequestHandler, Response } from 'express'

/**
 * The body shapes the spec gives per surface. `event_handler` is the default for every path:
 * `{ success: false, error, message, code, details, requestId }`. `generic` is the spec's second
 * shape `{ error, message, code, details, requestId }`. `pregeneration` is `{ error, ...extra fields }`
 * (the error's object `details` spread at the top level). `relayer` is the spec's `{ error, code,
 * details }` (relayer and perk charges). `agent` is the agent API's `{ error: { message, code,
 * status } }` with the spec's lowercase codes (its statuses: `statusFor` in status-for-category.ts).
 * `mcp` is a JSON-RPC error whose `data` is the agent body's `error` (the agent API's statuses).
 * `admin` is the agent API's body shape with the statuses of STATUS_FOR_CATEGORY and a `conflict` code
 * (docs/admin-api.md#errors).
 * Other surfaces (WordPress-style) add themselves to `ErrorSurface` and to `render-error.ts`.
 */
export type ErrorSurface = 'event_handler' | 'generic' | 'pregeneration' | 'relayer' | 'agent' | 'mcp' | 'admin'

/** Router-level middleware: errors raised below this point render in `surface`'s shape. */
export function errorSurface(surface: ErrorSurface): RequestHandler {
  return (_req, res, next) => {
    res.locals.errorSurface = surface
    next()
  }
}

export function surfaceOf(res: Response): ErrorSurface {
  const s = res.locals.errorSurface as ErrorSurface | undefined
  return s ?? 'event_handler'
}
