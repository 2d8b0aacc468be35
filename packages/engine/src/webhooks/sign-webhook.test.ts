import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { webhooks } from '../../../sdk/src/index'
import { signWebhook } from './sign-webhook'
import { generateWebhookSecret } from './webhook-secret'

describe('signWebhook', () => {
  const body = JSON.stringify({ event: 'tokens_distributed', tokenAmount: 5 })
  const timestamp = 1_800_000_000

  it('signs id.timestamp.body with the base64-decoded whsec_ key (Standard Webhooks), as the SDK verifies', async () => {
    const secret = generateWebhookSecret()
    const headers = signWebhook({ id: 'msg_1', timestamp: timestamp + 0.9, body, secret })
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const mac = createHmac('sha256', key).update(`msg_1.${timestamp}.${body}`).digest('base64')
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${mac}`,
    })
    await expect(webhooks.verify(body, headers, secret, { now: timestamp * 1000 })).resolves.toEqual(JSON.parse(body))
    await expect(webhooks.verify(`${body} `, headers, secret, { now: timestamp * 1000 })).rejects.toThrow()
  })

  it('uses a secret without the whsec_ prefix as UTF-8, like the SDK', async () => {
    const secret = randomBytes(12).toString('hex')
    const headers = signWebhook({ id: 'msg_2', timestamp, body, secret })
    await expect(webhooks.verify(body, headers, secret, { now: timestamp * 1000 })).resolves.toBeTruthy()
  })
})
