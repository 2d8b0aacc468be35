import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createLoyaltyClient,
  isLoyaltyApiError,
  LoyaltyApiError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitError,
  ServerError,
} from '../src/index'
import { type ScriptedResponse, type ScriptedServer, startScriptedServer } from './helpers/scripted-server'

// Each case is served by a real node:http server on the path /case/<index>.
const cases: Array<{
  name: string
  response: ScriptedResponse
  errorClass: typeof LoyaltyApiError
  message: string
  code?: string
  details?: unknown
}> = [
  {
    name: 'event handler {success:false, error, details, code}',
    response: {
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        details: [{ field: 'userEmail', message: 'bad' }],
        code: 'VALIDATION_FAILED',
      },
    },
    errorClass: BadRequestError,
    message: 'Validation failed',
    code: 'VALIDATION_FAILED',
    details: [{ field: 'userEmail', message: 'bad' }],
  },
  {
    name: 'event handler {error, message, details}',
    response: {
      status: 403,
      body: { error: 'Domain not authorized', message: 'evil.com is not example.com', details: { domain: 'evil.com' } },
    },
    errorClass: PermissionError,
    message: 'Domain not authorized: evil.com is not example.com',
    details: { domain: 'evil.com' },
  },
  {
    name: 'agent envelope {error:{message, code, status}}',
    response: { status: 401, body: { error: { message: 'Signature expired', code: 'auth_required', status: 401 } } },
    errorClass: AuthenticationError,
    message: 'Signature expired',
    code: 'auth_required',
  },
  {
    name: 'WordPress {code, message, data:{status}}',
    response: { status: 400, body: { code: 'redeem_failed', message: 'Insufficient balance', data: { status: 400 } } },
    errorClass: BadRequestError,
    message: 'Insufficient balance',
    code: 'redeem_failed',
    details: { status: 400 },
  },
  {
    name: 'pregeneration {error, ...extra}',
    response: { status: 400, body: { error: 'Invalid OAuth provider', valid_providers: ['discord', 'github'] } },
    errorClass: BadRequestError,
    message: 'Invalid OAuth provider',
    details: { valid_providers: ['discord', 'github'] },
  },
  {
    name: 'relayer 409 with code',
    response: {
      status: 409,
      body: { error: 'Claim limit reached', code: 'CLAIM_LIMIT_REACHED', details: { maxPerUser: 1 } },
    },
    errorClass: ConflictError,
    message: 'Claim limit reached',
    code: 'CLAIM_LIMIT_REACHED',
    details: { maxPerUser: 1 },
  },
  {
    name: '404 with only {error}',
    response: { status: 404, body: { error: 'Not found' } },
    errorClass: NotFoundError,
    message: 'Not found',
  },
  {
    name: '413',
    response: { status: 413, body: { error: 'Payload too large' } },
    errorClass: PayloadTooLargeError,
    message: 'Payload too large',
  },
  {
    name: '429 cooldown',
    response: {
      status: 429,
      headers: { 'retry-after': '30' },
      body: { success: false, error: 'Cooldown active', details: { reason: 'cooldown', cooldownSeconds: 30 } },
    },
    errorClass: RateLimitError,
    message: 'Cooldown active',
    details: { reason: 'cooldown', cooldownSeconds: 30 },
  },
  {
    name: '503 payment-mint style {success:false, message}',
    response: { status: 503, body: { success: false, message: 'Database not configured' } },
    errorClass: ServerError,
    message: 'Database not configured',
  },
  {
    name: '502 HTML from a proxy',
    response: { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } },
    errorClass: ServerError,
    message: 'Request failed with status 502: <html>Bad gateway</html>',
  },
  {
    name: '418 falls back to the base class',
    response: { status: 418, body: { error: 'Teapot' } },
    errorClass: LoyaltyApiError,
    message: 'Teapot',
  },
]

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer((req) => {
    const index = Number(req.url.split('/')[2])
    const response = cases[index]?.response ?? { status: 500 }
    return { ...response, headers: { 'x-request-id': `req_${index}`, ...response.headers } }
  })
})
afterAll(() => server.close())

describe('errors rebuilt from the wire', () => {
  it.each(cases.map((c, i) => [c.name, i] as const))('%s', async (_name, index) => {
    const c = cases[index]!
    const client = createLoyaltyClient({ baseUrl: server.url, maxRetries: 0 })
    const error = await client.request({ name: 'test', method: 'GET', path: `/case/${index}` }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(c.errorClass)
    expect(error).toBeInstanceOf(LoyaltyApiError)
    const e = error as LoyaltyApiError
    expect(e.constructor).toBe(c.errorClass)
    expect(e.name).toBe(c.errorClass.name)
    expect(e.status).toBe(c.response.status)
    expect(e.message).toBe(c.message)
    expect(e.code).toBe(c.code)
    expect(e.details).toEqual(c.details)
    expect(e.requestId).toBe(`req_${index}`)
    expect(e.headers['x-request-id']).toBe(`req_${index}`)
    const raw = typeof c.response.body === 'string' ? c.response.body : JSON.stringify(c.response.body)
    expect(e.rawBody).toBe(raw)
    expect(isLoyaltyApiError(e)).toBe(true)
  })

  it('RateLimitError carries retryAfter in seconds', async () => {
    const client = createLoyaltyClient({ baseUrl: server.url, maxRetries: 0 })
    const index = cases.findIndex((c) => c.errorClass === RateLimitError)
    const error = await client.request({ name: 'test', method: 'GET', path: `/case/${index}` }).catch((e: unknown) => e)
    expect((error as RateLimitError).retryAfter).toBe(30)
  })

  it('isLoyaltyApiError recognises the shape, not the class', () => {
    const copy = Object.assign(new Error('x'), { isLoyaltyApiError: true, status: 400 })
    expect(isLoyaltyApiError(copy)).toBe(true)
    expect(isLoyaltyApiError(new Error('x'))).toBe(false)
    expect(isLoyaltyApiError({ isLoyaltyApiError: true })).toBe(false)
    expect(isLoyaltyApiError(null)).toBe(false)
  })

  it('a 200 that is not JSON is an error, not a silent string', async () => {
    const html = await startScriptedServer([{ status: 200, body: '<html>captive portal</html>' }])
    try {
      const client = createLoyaltyClient({ baseUrl: html.url })
      const error = await client.health.get().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LoyaltyApiError)
      expect((error as LoyaltyApiError).code).toBe('INVALID_RESPONSE')
    } finally {
      await html.close()
    }
  })
})
