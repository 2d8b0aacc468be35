import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://errors.example.com'
/** The storage failure's own message: it must reach the log, never a response. */
const FAILURE = 'disk on fire under /var/lib/loyaltykit-secret'

/** A trigger that makes every insert of a reward event fail, as a broken database would. */
const REFUSE_EVENTS = {
  sqlite: `create trigger lk_refuse_events before insert on reward_events begin select raise(abort, '${FAILURE}'); end`,
  postgres: `create function lk_refuse_events() returns trigger language plpgsql as $$ begin raise exception '${FAILURE}'; end $$;
    create trigger lk_refuse_events before insert on reward_events for each row execute function lk_refuse_events();`,
}
const ALLOW_EVENTS = {
  sqlite: 'drop trigger lk_refuse_events',
  postgres: 'drop trigger lk_refuse_events on reward_events; drop function lk_refuse_events();',
}

/** What no error body may contain: the failure's message, driver or table names, stack frames. */
function expectNothingLeaked(text: string) {
  for (const leak of [FAILURE, 'secret', 'reward_events', 'Sqlite', 'postgres', 'database "lk_', ' at ', '.ts:']) {
    expect(text).not.toContain(leak)
  }
  expect(text).not.toMatch(/stack|trace/i)
}

/** The event-handler error shape (spec 01 §7 `{success:false, error, details}` + message, code, requestId). */
async function expectErrorBody(res: Response, status: number, requestId: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json\b/)
  expect(res.headers.get('x-request-id')).toBe(requestId)
  const text = await res.text()
  expectNothingLeaked(text)
  const body = JSON.parse(text)
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'error', 'message', 'requestId', 'success'])
  expect(body).toMatchObject({ success: false, requestId })
  expect(typeof body.error).toBe('string')
  expect(body.message).toBe(body.error)
  expect(body.code).toMatch(/^[A-Z][A-Z0-9_]+$/)
  return body
}

// 500 and 503 answers of the event handler, provoked for real: a database that refuses the event's
// insert (500), and a database that is gone under the running server (503).
describe.each(testDialects)('event-handler 500 and 503 bodies on $dialect', ({ create, dialect }) => {
  let db: TestDatabase
  let s: TestServer
  let brandId: string
  let n = 0

  const event = (userEmail: string) => ({
    brandId,
    eventType: 'account_creation',
    userEmail,
    domain: 'errors.example.com',
  })
  const send = (path: string, body: unknown) => {
    const requestId = `err-${dialect === 'sqlite' ? 'a' : 'b'}-${++n}`
    return { requestId, res: postJson(s.base, path, body, { 'x-request-id': requestId }) }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    brandId = (await s.runtime.engine.brands.create({ name: 'Errors', websites: [SITE] })).brand.id
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('answers a storage failure with 500 INTERNAL, the request id and nothing of the failure', async () => {
    await queryTestDatabase(db, REFUSE_EVENTS[dialect])
    const one = send('/loyalty-api/manual-event', event('fire@example.com'))
    const body = await expectErrorBody(await one.res, 500, one.requestId)
    expect(body).toEqual({
      success: false,
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL',
      details: { requestId: one.requestId },
      requestId: one.requestId,
    })

    // bulk-events: the whole request fails alike (and is rolled back).
    const bulk = send('/loyalty-api/bulk-events', { events: [event('fire2@example.com'), event('fire3@example.com')] })
    expect((await expectErrorBody(await bulk.res, 500, bulk.requestId)).code).toBe('INTERNAL')

    // Nothing of the failed requests was kept: once the database accepts events again, the same
    // events are first claims (no duplicate, a new wallet).
    await queryTestDatabase(db, ALLOW_EVENTS[dialect])
    const again = await postJson(s.base, '/loyalty-api/manual-event', event('fire@example.com'))
    expect(again.status).toBe(200)
    expect((await again.json()).walletCreated).toBe(true)
    const bulkAgain = await (
      await postJson(s.base, '/loyalty-api/bulk-events', {
        events: [event('fire2@example.com'), event('fire3@example.com')],
      })
    ).json()
    expect(bulkAgain).toMatchObject({ processed: 2, failed: 0 })
  })

  // Last: makes the database unreachable for real (PostgreSQL: dropped with its connections; SQLite:
  // the server's connection closed).
  it('answers 503 DATABASE_UNAVAILABLE on every event endpoint when the database is gone', async () => {
    if (db.dialect === 'postgres') await db.kill()
    else await s.runtime.storage.close()

    const calls = [
      send('/loyalty-api/manual-event', event('gone@example.com')),
      send('/loyalty-api/bulk-events', { events: [event('gone2@example.com')] }),
    ]
    for (const call of calls) {
      const body = await expectErrorBody(await call.res, 503, call.requestId)
      expect(body).toEqual({
        success: false,
        error: 'Database unavailable',
        message: 'Database unavailable',
        code: 'DATABASE_UNAVAILABLE',
        details: {},
        requestId: call.requestId,
      })
    }
    // event-config (a read; a brand not cached yet, so the database is asked).
    const other = `0x${'7'.repeat(40)}`
    const config = await fetch(`${s.base}/loyalty-api/event-config?brandId=${other}`, {
      headers: { 'x-request-id': 'err-config' },
    })
    expect((await expectErrorBody(config, 503, 'err-config')).code).toBe('DATABASE_UNAVAILABLE')
    // Health agrees.
    expect((await fetch(`${s.base}/loyalty-api/health`)).status).toBe(503)
  })
})
