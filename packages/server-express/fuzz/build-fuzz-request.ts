import { signRequest } from '../../sdk/src/signing/sign-request'
import type { FuzzFixture } from './fuzz-fixture'
import type { FuzzRequest } from './fuzz-request'
import { toJsonText } from './hostile-values'
import type { Draft } from './mutations'
import type { RouteGenerator } from './route-generators'

function queryOf(input: Record<string, unknown>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const item of v) q.append(k, typeof item === 'string' ? item : toJsonText(item))
    else q.append(k, typeof v === 'string' ? v : toJsonText(v))
  }
  return q.toString()
}

const header = (headers: Record<string, string | string[]>, name: string, value: string) => {
  if (!(name in headers)) headers[name] = value
}

/** The credential a route expects, or the broken one the draft asks for. */
async function authenticate(
  g: RouteGenerator,
  d: Draft,
  f: FuzzFixture,
  req: { method: string; path: string; body: Buffer | undefined; headers: Record<string, string | string[]> },
): Promise<number | undefined> {
  if (g.auth === 'none' || d.auth === 'missing') return undefined
  if (g.auth === 'perk-signature' || g.auth === 'agent-signature' || g.auth === 'agent-signature-optional') {
    const agent = g.auth !== 'perk-signature'
    const brand = d.auth === 'other-brand' ? f.other : f.brand
    const secret = agent ? f.agentKey.secret : brand.securityKey
    const now = Math.floor(Date.now() / 1000)
    const signed = await signRequest({
      secret,
      method: req.method,
      path: req.path,
      body: req.body,
      timestamp: d.auth === 'skewed' ? now - 3600 : now,
    })
    const signature =
      d.auth === 'tampered'
        ? `${signed.signature.slice(0, -1)}${signed.signature.endsWith('0') ? '1' : '0'}`
        : d.auth === 'bad-hex'
          ? 'zz'.repeat(40)
          : d.auth === 'garbage'
            ? 'not-a-signature'
            : signed.signature
    if (agent)
      header(req.headers, 'x-loyalty-agent-key', d.auth === 'other-brand' ? 'ak_0000000000000000' : f.agentKey.id)
    else header(req.headers, 'x-loyalty-brand-id', d.auth === 'other-brand' ? f.brand.brandId : brand.brandId)
    header(req.headers, 'x-loyalty-timestamp', signed.timestamp)
    header(req.headers, 'x-loyalty-signature', signature)
    return d.auth === 'replayed' ? 2 : undefined
  }
  const admin = g.auth === 'admin-key'
  const valid = admin
    ? f.brand.adminKey
    : g.auth === 'access-token'
      ? f.accessToken
      : g.auth === 'metrics-token'
        ? f.metricsToken
        : f.brand.apiKey
  const token =
    d.auth === 'garbage'
      ? 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'
      : d.auth === 'other-brand'
        ? admin
          ? f.other.adminKey
          : f.other.apiKey
        : d.auth === 'bad-hex'
          ? `${valid.slice(0, -2)}\u00e9`
          : valid
  header(req.headers, 'authorization', `Bearer ${token}`)
  return undefined
}

/** Serialises a draft: path parameters, query or JSON body, content type, extra headers, credentials. */
export async function buildFuzzRequest(
  route: string,
  g: RouteGenerator,
  d: Draft,
  f: FuzzFixture,
): Promise<FuzzRequest> {
  const [method = 'GET', pattern = '/'] = route.split(' ')
  let path = pattern.replace(/:(\w+)/g, (_, name: string) => d.params[name] ?? name)
  const query = d.rawQuery ?? (g.input === 'query' ? queryOf(d.input) : '')
  if (query) path += `?${query}`
  let body: Buffer | undefined
  if (d.rawBody !== undefined) body = Buffer.from(d.rawBody)
  else if (g.input === 'body') body = Buffer.from(toJsonText(d.input))
  const headers: Record<string, string | string[]> = { ...d.extraHeaders }
  if (body && d.contentType !== null) header(headers, 'content-type', d.contentType ?? 'application/json')
  const repeat = await authenticate(g, d, f, { method, path, body, headers })
  return {
    route,
    mutation: d.mutation,
    method,
    path,
    headers,
    body,
    mustRefuse: d.mustRefuse,
    ...(repeat ? { repeat } : {}),
  }
}
