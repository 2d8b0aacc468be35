import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { match } from 'path-to-regexp'
import type { ApiOperation } from '../../src/openapi/api-operation'
import { ERROR_BODIES } from '../../src/openapi/error-bodies'

export type ResponseValidator = {
  /** JSON responses checked so far. */
  checked(): number
  /** `METHOD /path status: issues` of every response that does not match the document. */
  violations(): string[]
}

/**
 * Checks every JSON response `server` sends against the OpenAPI document's operations (the zod schemas
 * the document is generated from): a 2xx against the operation's response, a 4xx/5xx against its
 * surface's error body. Responses of paths the document does not list (404s of unknown paths) are not
 * checked. startTestServer's `close()` fails when a response did not match.
 */
export function validateResponses(server: Server, operations: readonly ApiOperation[]): ResponseValidator {
  const routes = operations.map((op) => ({ op, matches: match(op.path, { decode: false }) }))
  let checked = 0
  const violations: string[] = []
  const check = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const type = String(res.getHeader('content-type') ?? '')
    if (!type.startsWith('application/json') || body.length === 0) return
    const path = (req.url ?? '/').split('?')[0] as string
    const method = (req.method ?? '').toLowerCase()
    const route = routes.find((r) => r.op.method === method && r.matches(path))
    if (!route) return
    const ok = (res.statusCode >= 200 && res.statusCode < 300) || !!route.op.alsoAnswers?.includes(res.statusCode)
    const schema = ok ? route.op.response : res.statusCode >= 400 ? ERROR_BODIES[route.op.errors] : undefined
    if (!schema) return
    checked += 1
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      violations.push(`${req.method} ${path} ${res.statusCode}: not JSON`)
      return
    }
    const result = schema.safeParse(json)
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      violations.push(`${req.method} ${path} ${res.statusCode}: ${issues}`)
    }
  }
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === 'string'
            ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
            : Buffer.from(chunk as Uint8Array),
      )
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1])
      return write(...args)
    }) as typeof res.write
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1])
      return end(...args)
    }) as typeof res.end
    res.once('finish', () => check(req, res, Buffer.concat(chunks)))
  })
  return { checked: () => checked, violations: () => [...violations] }
}
