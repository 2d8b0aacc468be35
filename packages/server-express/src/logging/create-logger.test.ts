import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './create-logger'
import { isTerminal } from './pretty-log-stream'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      cb()
    },
  })
  return { lines, stream }
}

describe('createLogger', () => {
  it('writes JSON lines and never the value of a secret-named field, at any depth', () => {
    const { lines, stream } = capture()
    const logger = createLogger({ destination: stream, level: 'debug' })
    const secret = 'lk_THIS-IS-A-SECRET-VALUE'
    logger.child({ requestId: 'r1', apiKey: secret }).info(
      {
        headers: { authorization: `Bearer ${secret}`, 'x-api-key': secret, cookie: secret },
        keys: { securityKey: secret },
        wallet: { privateKey: secret, nested: { deeper: { webhook_secret: secret } } },
        password: secret,
        pointsToken: '0x1234',
        err: Object.assign(new Error('boom'), { privateKey: secret }),
        url: 'postgres://user:hunter2@db/x',
      },
      `connecting to postgres://user:hunter2@db/x`,
    )
    expect(lines).toHaveLength(1)
    const out = lines[0] as string
    expect(out).not.toContain(secret)
    expect(out).not.toContain('hunter2')
    const obj = JSON.parse(out)
    expect(obj).toMatchObject({ level: 'info', requestId: 'r1', pointsToken: '0x1234', password: '[REDACTED]' })
    expect(obj.headers.authorization).toBe('[REDACTED]')
    expect(obj.err.message).toBe('boom')
  })
})

describe('createLogger: secrets of a known form, and pretty output', () => {
  const apiKey = `lk_${'A1b2C3d4'.repeat(5)}xyz`
  const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMyJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'

  it('cuts them from messages, neutral fields and child bindings alike', () => {
    const { lines, stream } = capture()
    const logger = createLogger({ destination: stream, level: 'trace' })
    logger
      .child({ caller: apiKey })
      .info({ note: `token ${jwt}`, header: `Bearer opaque-${'x'.repeat(30)}` }, `key ${apiKey}`)
    const out = lines.join('\n')
    expect(out).not.toContain(apiKey)
    expect(out).not.toContain(jwt)
    expect(out).not.toContain('opaque-')
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      caller: '[REDACTED]',
      note: 'token [REDACTED]',
      header: 'Bearer [REDACTED]',
      msg: 'key [REDACTED]',
    })
  })

  it('writes readable lines instead of JSON when asked (a terminal), redacted the same way', () => {
    const { lines, stream } = capture()
    const logger = createLogger({ destination: stream, level: 'info', pretty: true })
    logger.child({ requestId: 'r-9' }).info({ status: 200, apiKey }, 'request')
    expect(lines).toHaveLength(1)
    const line = lines[0] as string
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request \{"requestId":"r-9",.*"status":200/)
    expect(line).not.toContain(apiKey)
    expect(() => JSON.parse(line)).toThrow()
    expect(isTerminal(stream)).toBe(false)
    expect(isTerminal(Object.assign(new Writable(), { isTTY: true }))).toBe(true)
  })
})
