import { z } from 'zod'
import type { ErrorSurface } from '../http/error-surface'

const code = z.string().meta({ example: 'VALIDATION_ERROR' })
const message = z.string().meta({ example: 'brandId: Required' })

/** The error body of each surface, as src/http/render-error.ts renders it (components of the document). */
export const ERROR_BODIES: Record<ErrorSurface, z.ZodType> = {
  event_handler: z
    .object({ success: z.literal(false), error: message, message, code, details: z.unknown(), requestId: z.string() })
    .meta({ id: 'EventHandlerError' }),
  generic: z
    .object({ error: message, message, code, details: z.unknown(), requestId: z.string() })
    .meta({ id: 'GenericError' }),
  pregeneration: z.looseObject({ error: message }).meta({ id: 'PregenerationError' }),
  relayer: z.object({ error: message, code, details: z.unknown() }).meta({ id: 'RelayerError' }),
  agent: z
    .object({
      error: z.object({
        message,
        code: z.string().meta({ example: 'validation_error' }),
        status: z.number().int(),
        details: z.unknown().optional(),
        requestId: z.string().optional(),
      }),
    })
    .meta({ id: 'AgentError' }),
  admin: z
    .object({
      error: z.object({
        message,
        code: z.enum(['validation', 'auth_required', 'forbidden', 'not_found', 'conflict', 'rate_limit', 'internal']),
        status: z.number().int(),
        details: z.unknown().optional(),
        requestId: z.string().optional(),
      }),
    })
    .meta({ id: 'AdminError' }),
  mcp: z
    .looseObject({
      jsonrpc: z.literal('2.0'),
      error: z.looseObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
    })
    .meta({ id: 'McpError' }),
}
