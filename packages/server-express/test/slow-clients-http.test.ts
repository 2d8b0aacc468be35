import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

// Slow and hostile clients (docs/configuration.md#server): slow headers and slow bodies are cut by
// the server's timeouts, idle keep-alive connections closed, and none of them stops the server
// answering everyone else. SQLite only: this is about the HTTP server, not the database.

type Raw = { socket: Socket; received: () => string; closed: Promise<number> }

function open(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let data = ''
    const socket = connect(port, '127.0.0.1', () =>
      resolve({
        socket,
        received: () => data,
        closed: new Promise((r) => socket.once('close', () => r(Date.now() - started))),
      }),
    )
    socket.on('data', (c) => {
      data += c.toString('latin1')
    })
    socket.on('error', () => {})
    socket.once('error', reject)
  })
}

/** Writes `chunks` one every `everyMs` while the socket is open. */
function trickle(raw: Raw, chunks: string[], everyMs: number): void {
  let i = 0
  const timer = setInterval(() => {
    if (raw.socket.destroyed || i >= chunks.length) return clearInterval(timer)
    raw.socket.write(chunks[i++] ?? '')
  }, everyMs)
  raw.socket.once('close', () => clearInterval(timer))
}

describe('slow and hostile clients', () => {
  const dialect = testDialects.find((d) => d.dialect === 'sqlite')
  let db: TestDatabase
  let s: TestServer

  beforeAll(async () => {
    if (!dialect) throw new Error('no SQLite')
    db = await dialect.create()
    s = await startTestServer(db, {
      LOYALTYKIT_HEADERS_TIMEOUT_MS: '1500',
      LOYALTYKIT_REQUEST_TIMEOUT_MS: '3000',
      LOYALTYKIT_KEEP_ALIVE_TIMEOUT_MS: '1000',
      LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: '30',
      LOG_LEVEL: 'info',
    })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  /** Answers of a well-behaved client while `during` runs: every status and the slowest time. */
  async function others(during: Promise<unknown>) {
    const statuses: number[] = []
    let slowest = 0
    let done = false
    void during.finally(() => {
      done = true
    })
    while (!done) {
      const t = performance.now()
      const res = await fetch(`${s.base}/livez`)
      statuses.push(res.status)
      await res.arrayBuffer()
      slowest = Math.max(slowest, performance.now() - t)
      await new Promise((r) => setTimeout(r, 50))
    }
    return { statuses, slowest }
  }

  it('cuts slow-header clients at the headers timeout (408) while others are answered', async () => {
    const slow = await Promise.all(Array.from({ length: 50 }, () => open(s.port)))
    for (const raw of slow) {
      raw.socket.write('GET /loyalty-api/health HTTP/1.1\r\nHost: x\r\n')
      trickle(
        raw,
        Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: 1\r\n`),
        200,
      )
    }
    const closed = Promise.all(slow.map((r) => r.closed))
    const seen = await others(closed)
    const times = await closed
    // Cut after the 1.5 s headers timeout, checked every second: well before the 20 s the trickle lasts.
    expect(Math.max(...times)).toBeLessThan(10_000)
    for (const raw of slow) expect(raw.received()).toMatch(/^HTTP\/1\.1 408|^$/)
    expect(seen.statuses.length).toBeGreaterThan(3)
    expect(seen.statuses.every((x) => x === 200)).toBe(true)
  })

  it('cuts slow-body clients at the request timeout (408) while others are answered', async () => {
    const slow = await Promise.all(Array.from({ length: 20 }, () => open(s.port)))
    for (const raw of slow) {
      raw.socket.write(
        'POST /loyalty-api/manual-event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
      )
      trickle(
        raw,
        Array.from({ length: 200 }, () => ' '),
        200,
      )
    }
    const closed = Promise.all(slow.map((r) => r.closed))
    const seen = await others(closed)
    const times = await closed
    expect(Math.max(...times)).toBeLessThan(15_000)
    for (const raw of slow) expect(raw.received()).toMatch(/^HTTP\/1\.1 408|^$/)
    expect(seen.statuses.every((x) => x === 200)).toBe(true)
  })

  it('closes idle keep-alive connections, and 300 of them do not stop others being answered', async () => {
    const idle = await Promise.all(Array.from({ length: 300 }, () => open(s.port)))
    for (const raw of idle) raw.socket.write('GET /livez HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
    const closed = Promise.all(idle.map((r) => r.closed))
    const seen = await others(closed)
    const times = await closed
    for (const raw of idle) expect(raw.received()).toMatch(/^HTTP\/1\.1 200/)
    expect(Math.max(...times)).toBeLessThan(10_000)
    expect(seen.statuses.every((x) => x === 200)).toBe(true)
  })

  /** GET `path` from a given loopback address (the server sees it as the client IP). */
  const getFrom = (localAddress: string, path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, path, localAddress, agent: false }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      req.end()
    })

  it('cuts a flood from one IP with the per-IP limit (429) while another IP keeps being answered', async () => {
    const path = '/loyalty-api/health'
    const flood: number[] = []
    const other: number[] = []
    for (let i = 0; i < 100; i++) {
      flood.push(
        await getFrom('127.0.0.2', '/loyalty-api/event-config?brandId=0x0000000000000000000000000000000000000001'),
      )
      if (i % 6 === 0)
        other.push(
          await getFrom('127.0.0.3', '/loyalty-api/event-config?brandId=0x0000000000000000000000000000000000000001'),
        )
    }
    expect(flood.filter((x) => x === 429).length).toBeGreaterThanOrEqual(40) // 100 - 2 × 30: the flood may straddle two clock minutes
    expect(other.every((x) => x !== 429)).toBe(true)
    expect(await getFrom('127.0.0.3', path)).toBe(200)
  })
})
