import fc from 'fast-check'
import {
  deepNesting,
  hostileValues,
  hugeNumbers,
  longStrings,
  nanLikeStrings,
  prototypeKeys,
  unicodeStrings,
  wrongTypes,
} from './hostile-values'
import type { RouteGenerator } from './route-generators'
import { arbitraryFor, type SchemaField, schemaFields } from './zod-arbitrary'

/** Routes that take up to 100 events (MCP: a process_bulk call): a 128 KB body limit instead of 10 KB. */
const BULK_ROUTES = ['POST /loyalty-api/bulk-events', 'POST /api/v1/events/bulk', 'POST /mcp']

/** How the credentials of a request are broken (or not). */
type AuthBreak = 'valid' | 'missing' | 'garbage' | 'other-brand' | 'skewed' | 'tampered' | 'replayed' | 'bad-hex'

/**
 * A request before it is serialised: the route's valid input with a breakage applied. `input` is the
 * body or query object; `rawBody` replaces the serialised body; `contentType: null` sends none.
 */
export type Draft = {
  mutation: string
  input: Record<string, unknown>
  params: Record<string, string>
  rawBody?: string | Buffer
  contentType?: string | null
  extraHeaders: Record<string, string | string[]>
  rawQuery?: string
  auth: AuthBreak
  mustRefuse: boolean
}

type Base = { input: Record<string, unknown>; params: Record<string, string> }
type Breaker = (base: Base) => fc.Arbitrary<Draft>

const draft = (base: Base, mutation: string, more: Partial<Draft> = {}): Draft => ({
  mutation,
  input: base.input,
  params: base.params,
  extraHeaders: {},
  auth: 'valid',
  mustRefuse: false,
  ...more,
})

/** Replaces one or more fields (schema fields, or any name) with values from `values`. */
function replaceFields(fields: SchemaField[], mutation: string, values: fc.Arbitrary<unknown>): Breaker {
  const names = fields.map((f) => f.name)
  return (base) =>
    fc
      .array(fc.tuple(names.length > 0 ? fc.constantFrom(...names) : fc.string({ maxLength: 8 }), values), {
        minLength: 1,
        maxLength: 3,
      })
      .map((pairs) => draft(base, mutation, { input: { ...base.input, ...Object.fromEntries(pairs) } }))
}

/** The breakers that apply to a route, by name; fast-check picks among them. */
export function breakersFor(route: string, g: RouteGenerator): Record<string, Breaker> {
  // Fields sent in the path (`:emailOrAddress`) are broken by bad-path-param, not in the query.
  const inPath = new Set([...route.matchAll(/:(\w+)/g)].map((m) => m[1]))
  const fields = (g.schema ? schemaFields(g.schema) : []).filter((f) => !inPath.has(f.name))
  const required = fields.filter((f) => f.required)
  const parsesJson = g.input === 'body' && g.schema !== undefined
  const needsBody = parsesJson && required.length > 0
  const authRequired = [
    'api-key',
    'access-token',
    'perk-signature',
    'agent-signature',
    'metrics-token',
    'admin-key',
  ].includes(g.auth)
  const b: Record<string, Breaker> = {
    valid: (base) => fc.constant(draft(base, 'valid')),
    'wrong-type': replaceFields(fields, 'wrong-type', wrongTypes),
    'huge-number': replaceFields(fields, 'huge-number', hugeNumbers),
    'nan-like-string': replaceFields(fields, 'nan-like-string', nanLikeStrings),
    'long-string': replaceFields(fields, 'long-string', longStrings),
    unicode: replaceFields(fields, 'unicode', unicodeStrings),
    'deep-nesting': replaceFields(fields, 'deep-nesting', deepNesting),
    'extra-fields': (base) =>
      fc
        .dictionary(
          fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('timestamp', 'id', 'role', 'brand')),
          hostileValues,
          {
            minKeys: 1,
            maxKeys: 4,
          },
        )
        .map((extra) => draft(base, 'extra-fields', { input: { ...extra, ...base.input } })),
    'prototype-keys': (base) =>
      fc
        .tuple(prototypeKeys, fc.boolean())
        .map(([proto, top]) =>
          draft(
            base,
            'prototype-keys',
            top
              ? { rawBody: proto.raw, rawQuery: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes' }
              : { input: { ...base.input, metadata: proto } },
          ),
        ),
    'duplicate-headers': (base) =>
      fc
        .constantFrom(
          'content-type',
          'authorization',
          'idempotency-key',
          'x-loyalty-signature',
          'x-loyalty-timestamp',
          'origin',
          'cookie',
        )
        .map((name) =>
          draft(base, 'duplicate-headers', {
            extraHeaders: { [name]: name === 'content-type' ? ['application/json', 'text/plain'] : ['a', 'b'] },
          }),
        ),
    'oversized-header': (base) =>
      fc
        .constantFrom(17 * 1024, 64 * 1024)
        .map((n) => draft(base, 'oversized-header', { extraHeaders: { 'x-big': 'h'.repeat(n) }, mustRefuse: true })),
    'many-headers': (base) =>
      fc.constantFrom(300, 2500).map((n) => {
        const extraHeaders = Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h-${i}`, String(i)]))
        return draft(base, 'many-headers', { extraHeaders })
      }),
  }
  if (fields.length > 0) {
    b['schema-values'] = (base) =>
      fc
        .array(fc.constantFrom(...fields), { minLength: 1, maxLength: 3 })
        .chain((picked) => fc.tuple(...picked.map((f) => arbitraryFor(f.schema).map((v) => [f.name, v] as const))))
        .map((pairs) => draft(base, 'schema-values', { input: { ...base.input, ...Object.fromEntries(pairs) } }))
  }
  if (required.length > 0) {
    b['missing-field'] = (base) =>
      fc.subarray(required, { minLength: 1 }).map((gone) => {
        const input = { ...base.input }
        for (const f of gone) delete input[f.name]
        return draft(base, 'missing-field', { input, mustRefuse: true })
      })
  }
  if (g.input !== 'none') {
    b['invalid-json'] = (base) =>
      fc
        .constantFrom(
          '{',
          '{"a":}',
          "{'a':1}",
          '[1,2',
          'nul',
          '{"a":1}}',
          '\u0000',
          '{"a":"\\x"}',
          '\uFEFF{',
          '{"a":1,}',
        )
        .map((raw) => draft(base, 'invalid-json', { rawBody: raw, mustRefuse: parsesJson }))
    b['wrong-content-type'] = (base) =>
      fc
        .constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-7',
          'application/json; charset=ebcdic',
        )
        // UTF-7 is decoded (ASCII JSON reads the same): the one content type here that may be accepted.
        .map((contentType) =>
          draft(base, 'wrong-content-type', { contentType, mustRefuse: needsBody && !contentType?.endsWith('utf-7') }),
        )
    b['oversized-body'] = (base) =>
      fc.constantFrom(12 * 1024, 140 * 1024).map((n) =>
        draft(base, 'oversized-body', {
          rawBody: JSON.stringify({ ...base.input, pad: 'p'.repeat(n) }),
          mustRefuse: parsesJson && n > (BULK_ROUTES.includes(route) ? 128 : 10) * 1024,
        }),
      )
  }
  if (g.input === 'query') {
    b['query-tricks'] = (base) =>
      fc
        .constantFrom(
          'brandId=a&brandId=b',
          'collectionId[$ne]=1',
          'limit=-1&offset=-5',
          'limit=1e9',
          '%E0%A4%A',
          'a=%00',
          `q=${'x'.repeat(8000)}`,
          '&&&==&',
        )
        .map((q) => {
          const own = new URLSearchParams(Object.entries(base.input).map(([k, v]) => [k, String(v)])).toString()
          return draft(base, 'query-tricks', { rawQuery: `${own}&${q}` })
        })
  }
  if (g.params) {
    b['bad-path-param'] = (base) =>
      fc
        .oneof(
          fc.constantFrom(
            '%E0%A4%A',
            '%00',
            '..%2F..%2Fetc',
            '%2e%2e',
            'x'.repeat(5000),
            '0',
            '-1',
            'null',
            '__proto__',
            'constructor',
          ),
          // An empty parameter would name another route (`/events/` is the list).
          unicodeStrings
            .filter((u) => u.length > 0)
            .map((s) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
        )
        .map((raw) =>
          draft(base, 'bad-path-param', {
            params: Object.fromEntries(Object.keys(base.params).map((k) => [k, raw])),
            mustRefuse: true,
          }),
        )
  }
  if (g.auth !== 'none') {
    const breaks: AuthBreak[] =
      g.auth === 'perk-signature' || g.auth.startsWith('agent-signature')
        ? ['missing', 'garbage', 'other-brand', 'skewed', 'tampered', 'replayed', 'bad-hex']
        : ['missing', 'garbage', 'other-brand', 'bad-hex']
    b['bad-credentials'] = (base) =>
      fc.constantFrom(...breaks).map((auth) =>
        draft(base, `bad-credentials:${auth}`, {
          auth,
          // A key of another brand may open what is that brand's own (a scoped constraint call): judged by the ledger check.
          mustRefuse: authRequired && auth !== 'other-brand',
        }),
      )
  }
  return b
}
