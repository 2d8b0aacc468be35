import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { TokensDistributedEvent } from '../types/wire'
import { generateTestHeaders } from './generate-test-headers'
import { verifyWebhook } from './verify-webhook'
import { WebhookVerificationError } from './webhook-verification-error'
import { webhooks } from './webhooks'

const keyBytes = randomBytes(24)
const secret = `whsec_${keyBytes.toString('base64')}`
const now = 1_800_000_000
const payload: TokensDistributedEvent = {
  event: 'tokens_distributed',
  brandId: `0x${'a'.repeat(40)}`,
  userId: 'user_1',
  email: 'u@example.com',
  walletAddress: `0x${'c'.repeat(40)}`,
  tokenAmount: 100,
  transactionHash: `0x${'d'.repeat(64)}`,
  timestamp: now * 1000,
}
const body = JSON.stringify(payload)

/** A delivery signed independently with node:crypto, per Standard Webhooks. */
function signed(p: { key?: Buffer; id?: string; timestamp?: number; raw?: string } = {}) {
  const id = p.id ?? 'msg_1'
  const timestamp = String(p.timestamp ?? now)
  const sig = createHmac('sha256', p.key ?? keyBytes)
    .update(`${id}.${timestamp}.${p.raw ?? body}`)
    .digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${sig}` }
}

async function verificationError(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WebhookVerificationError)
  return error as WebhookVerificationError
}

describe('webhooks.verify', () => {
  it('accepts a valid delivery and returns the typed payload', async () => {
    const event = await webhooks.verify(body, signed(), secret, { now: now * 1000 })
    expect(event).toEqual(payload)
    expect(event.tokenAmount).toBe(100)
  })

  it('accepts Headers, mixed-case names, and a Uint8Array body', async () => {
    const h = signed()
    const headers = new Headers(h)
    await expect(verifyWebhook(new TextEncoder().encode(body), headers, secret, { now: now * 1000 })).resolves.toEqual(
      payload,
    )
    const upper = {
      'Webhook-Id': h['webhook-id'],
      'Webhook-Timestamp': h['webhook-timestamp'],
      'WEBHOOK-SIGNATURE': h['webhook-signature'],
    }
    await expect(verifyWebhook(body, upper, secret, { now: now * 1000 })).resolves.toEqual(payload)
  })

  it('refuses a tampered body', async () => {
    const tampered = body.replace('"tokenAmount":100', '"tokenAmount":100000')
    const e = await verificationError(verifyWebhook(tampered, signed(), secret, { now: now * 1000 }))
    expect(e.message).toMatch(/signature/)
  })

  it('refuses a wrong secret', async () => {
    const other = `whsec_${randomBytes(24).toString('base64')}`
    await verificationError(verifyWebhook(body, signed(), other, { now: now * 1000 }))
  })

  it('refuses an expired and a future timestamp, accepts inside the tolerance', async () => {
    const old = await verificationError(
      verifyWebhook(body, signed({ timestamp: now - 301 }), secret, { now: now * 1000 }),
    )
    expect(old.message).toMatch(/too old/)
    const future = await verificationError(
      verifyWebhook(body, signed({ timestamp: now + 301 }), secret, { now: now * 1000 }),
    )
    expect(future.message).toMatch(/too new/)
    await expect(verifyWebhook(body, signed({ timestamp: now - 299 }), secret, { now: now * 1000 })).resolves.toEqual(
      payload,
    )
    await expect(
      verifyWebhook(body, signed({ timestamp: now - 1000 }), secret, { now: now * 1000, tolerance: 1200 }),
    ).resolves.toEqual(payload)
  })

  it('a re-signed timestamp does not pass: the timestamp is part of the signed content', async () => {
    const h = { ...signed({ timestamp: now - 1000 }), 'webhook-timestamp': String(now) }
    await verificationError(verifyWebhook(body, h, secret, { now: now * 1000 }))
  })

  it('accepts when any of several space-separated signatures matches (key rotation)', async () => {
    const good = signed()['webhook-signature']
    const bad = signed({ key: randomBytes(24) })['webhook-signature']
    const h = { ...signed(), 'webhook-signature': `v1a,abc ${bad} v1,!!notbase64 ${good}` }
    await expect(verifyWebhook(body, h, secret, { now: now * 1000 })).resolves.toEqual(payload)
    const onlyBad = { ...signed(), 'webhook-signature': `${bad} ${bad}` }
    await verificationError(verifyWebhook(body, onlyBad, secret, { now: now * 1000 }))
  })

  it('refuses missing headers and a non-numeric timestamp', async () => {
    const { 'webhook-signature': _drop, ...noSignature } = signed()
    const e = await verificationError(verifyWebhook(body, noSignature, secret, { now: now * 1000 }))
    expect(e.message).toMatch(/webhook-signature/)
    await verificationError(verifyWebhook(body, { ...signed(), 'webhook-timestamp': 'soon' }, secret))
  })

  it('a secret without the whsec_ prefix is used as its UTF-8 bytes', async () => {
    const plain = 'plain-secret'
    const h = signed({ key: Buffer.from(plain, 'utf8') })
    await expect(verifyWebhook(body, h, plain, { now: now * 1000 })).resolves.toEqual(payload)
  })
})

describe('webhooks.generateTestHeaders', () => {
  it('round-trips through verify, and matches an independent node:crypto signature', async () => {
    const headers = await generateTestHeaders({ payload, secret, id: 'msg_test', timestamp: now })
    expect(headers).toEqual(signed({ id: 'msg_test' }))
    await expect(webhooks.verify(body, headers, secret, { now: now * 1000 })).resolves.toEqual(payload)
  })

  it('defaults id and timestamp to fresh values that verify now', async () => {
    const headers = await webhooks.generateTestHeaders({ payload: body, secret })
    expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/)
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5)
    await expect(webhooks.verify(body, headers, secret)).resolves.toEqual(payload)
  })
})
