import { z } from 'zod'
import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi'
import { ADMIN_OPERATIONS } from '../admin/admin-router'
import { SERVER_VERSION } from '../server-version'
import { agentOperations, pathParameters } from './agent-operations'
import type { ApiAuth, ApiOperation } from './api-operation'
import { CORE_OPERATIONS } from './core-operations'
import { DOCS_OPERATIONS } from './docs-operations'
import { ERROR_BODIES } from './error-bodies'
import { EVENT_OPERATIONS } from './event-operations'
import { omitKeys } from './omit-keys'
import { PAYMENT_OPERATIONS } from './payment-operations'
import { relayerOperations } from './relayer-operations'
import { SECURITY_SCHEMES } from './security-schemes'
import { SITE_OPERATIONS } from './site-operations'

/** Which surfaces the app mounts (createApp's options), so the document lists exactly what it serves. */
export type ApiSurfaceOptions = {
  eventHandler: boolean
  payments: boolean
  /** The relayer's base path; undefined: the relayer is not served. */
  relayerBasePath: string | undefined
  agentBasePath: string
  /** `/metrics` on the main port. */
  metrics: boolean
}

/** Every operation the app serves, surface by surface: a new surface is one more entry here. */
export function apiOperations(o: ApiSurfaceOptions): ApiOperation[] {
  const surfaces: [boolean, readonly ApiOperation[]][] = [
    [true, CORE_OPERATIONS.filter((op) => o.metrics || op.path !== '/metrics')],
    [o.eventHandler, EVENT_OPERATIONS],
    [o.payments, PAYMENT_OPERATIONS],
    [o.relayerBasePath !== undefined, relayerOperations(o.relayerBasePath ?? '')],
    [true, SITE_OPERATIONS],
    [true, agentOperations(o.agentBasePath)],
    [true, DOCS_OPERATIONS],
    [true, ADMIN_OPERATIONS],
  ]
  return surfaces.flatMap(([on, ops]) => (on ? ops : []))
}

/** The security requirements of each auth: the HMAC schemes are three headers sent together. */
const REQUIREMENTS: Record<ApiAuth, Record<string, string[]>> = {
  brandApiKey: { brandApiKey: [] },
  accessToken: { accessToken: [] },
  metricsToken: { metricsToken: [] },
  adminKey: { adminKey: [] },
  brandHmac: { brandId: [], loyaltyTimestamp: [], loyaltySignature: [] },
  agentHmac: { agentKey: [], loyaltyTimestamp: [], loyaltySignature: [] },
}

const operationId = (op: ApiOperation) =>
  `${op.method}${op.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`

function operationOf(op: ApiOperation): ZodOpenApiOperationObject {
  const params = pathParameters(op.path)
  const query = op.query ? (omitKeys(op.query, params) as z.ZodObject) : undefined
  const security = op.auth.map((a) => REQUIREMENTS[a])
  const ok = op.response
    ? { 'application/json': { schema: op.response } }
    : op.content
      ? { [op.content]: { schema: z.string() } }
      : undefined
  return {
    operationId: operationId(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.authOptional || security.length === 0 ? [...security, {}] : security,
    requestParams: {
      ...(params.length ? { path: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
      ...(query ? { query } : {}),
    },
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: omitKeys(op.body, params) } } } }
      : {}),
    responses: {
      '200': { description: 'Success', ...(ok ? { content: ok } : {}) },
      ...Object.fromEntries(
        (op.alsoAnswers ?? []).map((status) => [
          String(status),
          { description: 'Not ready (the same body)', content: ok },
        ]),
      ),
      default: {
        description: `Error (the ${op.errors} error shape)`,
        content: { 'application/json': { schema: ERROR_BODIES[op.errors] } },
      },
    },
  }
}

/** The OpenAPI 3.1 document of the operations (GET /openapi.json; docs/openapi.md). */
export function buildOpenApiDocument(operations: readonly ApiOperation[]): ReturnType<typeof createDocument> {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {}
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [op.method]: operationOf(op) }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'loyaltykit',
        version: SERVER_VERSION,
        description: 'Every HTTP surface of this loyaltykit server, generated from its zod schemas and agent tools.',
      },
      paths,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    { allowEmptySchema: { custom: true } },
  )
}
