import type { RequestOptions } from '../client/client-options'
import { signatureHeaders } from '../signing/signature-headers'
import type { ApiRoute } from './api-route'
import type { ClientContext } from './client-context'

export type RequestHeadersParameters = {
  route: ApiRoute
  options: RequestOptions
  url: string
  body: string | undefined
  idempotencyKey: string | undefined
}

function missing(what: string, route: ApiRoute): never {
  throw new TypeError(`${route.name} needs ${what} in createLoyaltyClient({...})`)
}

/**
 * Headers of one attempt, later entries winning: JSON defaults, client headers, call headers,
 * `Idempotency-Key`, then authentication. Signatures are computed here, so every attempt (and so every
 * retry) carries a fresh timestamp over the same body bytes.
 */
export async function requestHeaders(ctx: ClientContext, p: RequestHeadersParameters): Promise<Headers> {
  const headers = new Headers({ accept: 'application/json' })
  if (p.body !== undefined) headers.set('content-type', 'application/json')
  for (const [name, value] of Object.entries(ctx.headers)) headers.set(name, value)
  for (const [name, value] of Object.entries(p.options.headers ?? {})) headers.set(name, value)
  if (p.idempotencyKey !== undefined) headers.set('idempotency-key', p.idempotencyKey)

  const { credentials } = ctx
  const auth = p.route.auth ?? 'none'
  if (auth === 'apiKey') {
    headers.set('authorization', `Bearer ${credentials.apiKey ?? missing('apiKey', p.route)}`)
  } else if (auth === 'adminKey') {
    headers.set('authorization', `Bearer ${credentials.adminKey ?? missing('adminKey', p.route)}`)
  } else if (auth === 'optionalApiKey') {
    if (credentials.apiKey !== undefined) headers.set('authorization', `Bearer ${credentials.apiKey}`)
  } else if (auth === 'accessToken') {
    const token = p.options.accessToken ?? credentials.accessToken
    if (token === undefined) {
      throw new TypeError(
        `${p.route.name} needs a user access token: { accessToken } per call or in createLoyaltyClient`,
      )
    }
    headers.set('authorization', `Bearer ${token}`)
  } else if (auth === 'brandSignature' || auth === 'agentSignature') {
    const url = new URL(p.url)
    const signing = {
      method: p.route.method,
      path: url.pathname + url.search,
      body: p.body,
      timestamp: Math.floor(ctx.now() / 1000),
    }
    const signed =
      auth === 'brandSignature'
        ? await signatureHeaders(
            {
              type: 'brand',
              brandId: credentials.brandId ?? missing('brandId', p.route),
              securityKey: credentials.brandSecurityKey ?? missing('brandSecurityKey', p.route),
            },
            signing,
          )
        : await signatureHeaders(
            {
              type: 'agent',
              keyId: credentials.agentKeyId ?? missing('agentKeyId', p.route),
              secret: credentials.agentSecret ?? missing('agentSecret', p.route),
            },
            signing,
          )
    for (const [name, value] of Object.entries(signed)) headers.set(name, value)
  }
  return headers
}
