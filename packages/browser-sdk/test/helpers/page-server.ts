import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the server received. */
export interface RecordedRequest {
  method: string
  host: string
  path: string
  origin: string | undefined
  cookie: string | undefined
  body: unknown
}

/** What the fake API answers to a manual-event POST. */
export type EventAnswer = { status: number; body: unknown } | { status: number; text: string }

/**
 * A small node:http server standing in for a brand's website and the loyalty API at once. Chromium
 * maps every `*.test` host to 127.0.0.1, so `shop.test:PORT` (the website) and `api.test:PORT` (the
 * loyalty server serving sdk.js) are two origins of this one server, like a real deployment.
 * - `GET /sdk.js` serves the built script; `GET <path>` serves a page set with `page()`.
 * - `GET /loyalty-api/event-config` answers `{ success, brandId, events: rules, count }`.
 * - `POST /loyalty-api/manual-event` is recorded and answered with `answer(body)`.
 * - Every answer carries CORS headers for the request's Origin; OPTIONS preflights answer 204.
 */
export class PageServer {
  readonly requests: RecordedRequest[] = []
  rules: unknown[] = []
  eventConfigStatus = 200
  answer: (body: Record<string, unknown>) => EventAnswer | Promise<EventAnswer> = (body) => ({
    status: 200,
    body: { success: true, eventType: body.eventType, transactionHash: `0x${'ab'.repeat(32)}` },
  })
  private readonly pages = new Map<string, string>()
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  port = 0

  constructor(private readonly sdkJs: string) {}

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  origin(host: string): string {
    return `http://${host}:${this.port}`
  }

  page(path: string, html: string): void {
    this.pages.set(path, html)
  }

  /** Bodies of the manual-event POSTs received so far. */
  events(): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path === '/loyalty-api/manual-event')
      .map((r) => r.body as Record<string, unknown>)
  }

  /** Waits until at least `count` manual-event POSTs arrived, then answers them all. */
  async waitForEvents(count: number, timeoutMs = 5_000): Promise<Record<string, unknown>[]> {
    const deadline = Date.now() + timeoutMs
    while (this.events().length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} manual-event requests, got ${JSON.stringify(this.events())}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.events()
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x')
    let raw = ''
    for await (const chunk of req) raw += chunk
    const record: RecordedRequest = {
      method: req.method ?? '',
      host: (req.headers.host ?? '').replace(/:\d+$/, ''),
      path: url.pathname,
      origin: req.headers.origin,
      cookie: req.headers.cookie,
      body: raw === '' ? undefined : safeJson(raw),
    }
    if (req.method !== 'OPTIONS') this.requests.push(record)
    if (req.headers.origin) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin)
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization')
      res.setHeader('Access-Control-Allow-Credentials', 'true')
      res.setHeader('Vary', 'Origin')
    }
    if (req.method === 'OPTIONS') {
      res.statusCode = 204
      return void res.end()
    }
    if (url.pathname === '/sdk.js') return send(res, 200, 'text/javascript', this.sdkJs)
    if (url.pathname === '/loyalty-api/event-config') {
      const brandId = url.searchParams.get('brandId')
      return sendJson(res, this.eventConfigStatus, {
        success: this.eventConfigStatus === 200,
        brandId,
        events: this.rules,
        count: this.rules.length,
      })
    }
    if (url.pathname === '/loyalty-api/manual-event' && req.method === 'POST') {
      const answer = await this.answer(record.body as Record<string, unknown>)
      return 'text' in answer
        ? send(res, answer.status, 'text/plain', answer.text)
        : sendJson(res, answer.status, answer.body)
    }
    const page = this.pages.get(url.pathname)
    if (page !== undefined) return send(res, 200, 'text/html; charset=utf-8', page)
    // Client-side routes of a single-page app: serve the page registered for "/*" if any.
    const spa = this.pages.get('/*')
    if (spa !== undefined && req.method === 'GET') return send(res, 200, 'text/html; charset=utf-8', spa)
    sendJson(res, 404, { error: 'Not found' })
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', type)
  res.end(body)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json', JSON.stringify(body))
}
