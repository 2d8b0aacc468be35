import type { ErrorSurface } from '../src/http/error-surface'
import type { FuzzRequest } from './fuzz-request'
import type { FuzzAnswer } from './send-fuzz-request'

const STACK = /\n\s+at\s|node_modules|\.ts:\d+:\d+|\bat (?:async )?[\w.<>]+ \(/
/** The routes whose 200 is an HTML page: the local checkout, the API reference (docs/openapi.md) and the dashboard. */
const HTML_PAGES = ['GET /loyalty-api/dev-checkout/:sessionId', 'GET /docs', 'GET /dashboard']
const HTML = /^\s*<(?:!doctype|html)/i

const isString = (v: unknown) => typeof v === 'string' && v.length > 0

/** The keys an error body must hold in each surface (src/http/render-error.ts). */
function shapeProblem(surface: ErrorSurface, body: Record<string, unknown>): string | undefined {
  const need = (ok: boolean, what: string) => (ok ? undefined : `not the ${surface} error shape: ${what}`)
  switch (surface) {
    case 'generic':
      return need(
        !('success' in body) &&
          isString(body.error) &&
          isString(body.message) &&
          isString(body.code) &&
          isString(body.requestId),
        '{error, message, code, details, requestId}',
      )
    case 'pregeneration':
      return need(!('success' in body) && !('code' in body) && isString(body.error), '{error, ...extra fields}')
    case 'relayer':
      return need(
        Object.keys(body).every((k) => ['error', 'code', 'details'].includes(k)) &&
          isString(body.error) &&
          isString(body.code) &&
          typeof body.details === 'object',
        '{error, code, details}',
      )
    case 'agent':
    case 'admin': {
      const e = body.error as Record<string, unknown> | undefined
      return need(
        Object.keys(body).join() === 'error' &&
          isString(e?.message) &&
          isString(e?.code) &&
          typeof e?.status === 'number',
        '{error: {message, code, status}}',
      )
    }
    case 'mcp': {
      const e = body.error as Record<string, unknown> | undefined
      return need(
        body.jsonrpc === '2.0' && 'id' in body && typeof e?.code === 'number' && isString(e?.message),
        '{jsonrpc: "2.0", error: {code, message}, id}',
      )
    }
    default:
      return need(
        body.success === false && isString(body.error) && isString(body.code) && isString(body.requestId),
        '{success: false, error, message, code, requestId}',
      )
  }
}

/**
 * What is wrong with an answer, or undefined: a 5xx; a request that had to be refused and was not;
 * a refusal that is not JSON in its surface's error shape (Node's own 431 for headers over its
 * limit, before any app code runs, is the one bodiless refusal); a stack trace or an HTML page where
 * none belongs.
 */
export function checkAnswer(r: FuzzRequest, surface: ErrorSurface, a: FuzzAnswer): string | undefined {
  if (a.status >= 500) return `answered ${a.status}`
  if (r.mustRefuse && a.status < 400) return `answered ${a.status} to a request that must be refused`
  if (STACK.test(a.body)) return 'the body holds a stack trace or a source path'
  const contentType = String(a.headers['content-type'] ?? '')
  const htmlPage = HTML_PAGES.includes(r.route) && a.status === 200
  if (!htmlPage && (HTML.test(a.body) || contentType.includes('text/html'))) return 'answered HTML'
  if (a.status < 400) return undefined
  if (a.status === 431 && a.body === '') return undefined
  if (!contentType.startsWith('application/json')) return `a ${a.status} with content-type "${contentType}"`
  let body: unknown
  try {
    body = JSON.parse(a.body)
  } catch {
    return `a ${a.status} whose body is not JSON`
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `a ${a.status} whose body is not an object`
  return shapeProblem(surface, body as Record<string, unknown>)
}
