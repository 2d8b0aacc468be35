import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './create-logger'

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
