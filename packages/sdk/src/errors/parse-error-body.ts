export type ParsedErrorBody = { message?: string; code?: string; details?: unknown }

const ENVELOPE_KEYS = new Set(['success', 'error', 'message', 'code', 'details', 'data', 'status'])

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined
}

/** The fields besides the envelope's own, e.g. pregeneration's `required`, `valid_providers`, `hint`. */
function extraFields(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const extra = Object.fromEntries(Object.entries(body).filter(([k]) => !ENVELOPE_KEYS.has(k)))
  return Object.keys(extra).length > 0 ? extra : undefined
}

function compact(p: { message: string | undefined; code: string | undefined; details: unknown }): ParsedErrorBody {
  const out: ParsedErrorBody = {}
  if (p.message !== undefined) out.message = p.message
  if (p.code !== undefined) out.code = p.code
  if (p.details !== undefined) out.details = p.details
  return out
}

/**
 * Reads message, code and details out of every error body shape the API family uses, `error` first:
 * - event handler / relayer: `{success:false, error, details, code}` and `{error, message, details}`
 * - pregeneration: `{error, ...extra fields}` (the extra fields become `details`)
 * - agent API: `{error: {message, code, status}}`
 * - site plugin (WordPress): `{code, message, data: {status}}` (`data` becomes `details`)
 * - payment-mint failures: `{success:false, message}`
 */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (!isRecord(body)) return {}
  const { error } = body

  if (isRecord(error)) {
    return compact({ message: str(error.message), code: str(error.code), details: error.details })
  }

  const errorText = str(error)
  const messageText = str(body.message)
  if (errorText !== undefined) {
    const message = messageText !== undefined && messageText !== errorText ? `${errorText}: ${messageText}` : errorText
    return compact({ message, code: str(body.code), details: body.details ?? extraFields(body) })
  }

  return compact({ message: messageText, code: str(body.code), details: body.details ?? body.data })
}
