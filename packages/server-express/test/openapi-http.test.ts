import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORE_OPERATIONS } from '../src/openapi/core-operations'
import { DOCS_CSP } from '../src/openapi/openapi-routes'
import { closeServer } from '../src/runtime/close-server'
import { listen } from '../src/runtime/listen'
import { launchChromium } from './helpers/chromium'
import { appWithEverySurface, mountedRoutes } from './helpers/mounted-routes'
import { validateResponses } from './helpers/response-validator'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

type Document = {
  openapi: string
  paths: Record<string, Record<string, { security: Record<string, string[]>[]; responses: Record<string, unknown> }>>
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> }
}

// GET /openapi.json and GET /docs (docs/openapi.md) on the app with every surface: the document lists
// exactly the routes the app mounts; the docs page and everything it loads come from this server.
describe('the OpenAPI document and the docs page', () => {
  const app = appWithEverySurface()
  let server: Server
  let base: string
  let browser: Browser
  let doc: Document

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([listen(app, 0, '127.0.0.1'), launchChromium()])
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    doc = await (await fetch(`${base}/openapi.json`)).json()
  })
  afterAll(async () => {
    await browser?.close()
    if (server) await closeServer(server, 0)
  })

  it('lists every route the app mounts, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    const mounted = mountedRoutes(app)
    expect(mounted.length).toBeGreaterThan(70)
    expect(
      mounted.filter((r) => !documented.includes(r)),
      'mounted but not in /openapi.json',
    ).toEqual([])
    expect(
      documented.filter((r) => !mounted.includes(r)),
      'in /openapi.json but not mounted',
    ).toEqual([])
  })

  it('is OpenAPI 3.1 with a security scheme per auth, the agent tiers and an error shape per surface', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(
      [
        'accessToken',
        'adminKey',
        'agentKey',
        'brandApiKey',
        'brandId',
        'loyaltySignature',
        'loyaltyTimestamp',
        'metricsToken',
      ].sort(),
    )
    const hmac = { agentKey: [], loyaltyTimestamp: [], loyaltySignature: [] }
    // A signed tool requires the three headers; a public one takes them or nothing.
    expect(doc.paths['/api/v1/events']?.post?.security).toEqual([hmac])
    expect(doc.paths['/api/v1/brands']?.get?.security).toEqual([hmac, {}])
    expect(doc.paths['/wallet']?.get?.security).toEqual([{ accessToken: [] }])
    expect(doc.paths['/loyalty-api/members/{emailOrAddress}']?.get?.security).toEqual([{ brandApiKey: [] }])
    expect(doc.paths['/loyalty-api/health']?.get?.security).toEqual([{}])
    expect(doc.paths['/admin/v1/brands']?.get?.security).toEqual([{ adminKey: [] }])
    for (const id of [
      'EventHandlerError',
      'GenericError',
      'PregenerationError',
      'RelayerError',
      'AgentError',
      'McpError',
      'AdminError',
    ])
      expect(doc.components.schemas[id], id).toBeDefined()
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
          ['/readyz', '/loyalty-api/health'].includes(path) ? ['200', '503', 'default'] : ['200', 'default'],
        )
  })

  it('serves /docs with only this origin’s scripts and styles, under a CSP that allows nothing else', async () => {
    const res = await fetch(`${base}/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP)
    expect(DOCS_CSP).not.toMatch(/https?:|\*/)
    const html = await res.text()
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string)
    expect(urls).toEqual(['/docs/scalar.js'])
    for (const url of urls) {
      const asset = await fetch(new URL(url, base))
      expect(asset.status, url).toBe(200)
      expect(asset.headers.get('content-type'), url).toMatch(/javascript/)
      expect((await asset.arrayBuffer()).byteLength, url).toBeGreaterThan(1_000_000)
    }
    expect(JSON.parse(/data-configuration='([^']+)'/.exec(html)?.[1] ?? '{}')).toMatchObject({ url: '/openapi.json' })
  })

  it('renders the reference in Chromium from this server alone, with no CSP violation', async () => {
    const page = await browser.newPage()
    const requested: string[] = []
    const failed: string[] = []
    const problems: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`))
    // Console errors other than a failed load (the browser's own /favicon.ico: none is served).
    page.on(
      'console',
      (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && problems.push(m.text()),
    )
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${base}/docs`)
    // The first tag's operations, read from /openapi.json and rendered by the bundle.
    await page.getByText('Health of every dependency').first().waitFor({ timeout: 30_000 })
    await page.close()
    expect(requested.filter((u) => !u.startsWith(`${base}/`) && !u.startsWith('data:'))).toEqual([])
    expect(requested).toContain(`${base}/openapi.json`)
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([])
    expect(problems).toEqual([])
  })
})

describe('the response validator of the HTTP suites', () => {
  it('reports a response that does not match its operation, and passes one that does', async () => {
    const app = express()
    let body: unknown = { status: 'alive' }
    app.get('/livez', (_req, res) => void res.json(body))
    const server = await listen(app, 0, '127.0.0.1')
    const validator = validateResponses(server, CORE_OPERATIONS)
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      await (await fetch(`${base}/livez`)).text()
      body = { status: 'dead', extra: 1 }
      await (await fetch(`${base}/livez`)).text()
      await expect.poll(() => validator.checked()).toBe(2)
      expect(validator.violations()).toHaveLength(1)
      expect(validator.violations()[0]).toMatch(/^GET \/livez 200: status: /)
    } finally {
      await closeServer(server, 0)
    }
  })
})

describe.each(testDialects.slice(0, 1))('startTestServer checks every response on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db)
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('checks 2xx answers and error bodies against the document', async () => {
    for (const path of ['/livez', '/loyalty-api/health', '/api/v1/network/info', '/api/v1/brands/nope', '/wallet'])
      await (await fetch(`${s.base}${path}`)).text()
    await expect.poll(() => s.responses.checked()).toBe(5)
    expect(s.responses.violations()).toEqual([])
  })
})
