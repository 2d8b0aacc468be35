import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const loadWebhookConfig = (env: Record<string, string>) => loadConfig(env).webhooks

describe('webhooks section', () => {
  it('defaults: enabled, the default schedule, 20% jitter, 10 s timeout, 1 s poll, private addresses refused', () => {
    expect(loadWebhookConfig({})).toEqual({
      enabled: true,
      retryScheduleMs: [...DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS],
      jitter: 0.2,
      timeoutMs: 10_000,
      pollIntervalMs: 1_000,
      allowPrivateAddresses: false,
    })
    expect(loadWebhookConfig({ LOYALTYKIT_WEBHOOKS: '', LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: '' }).enabled).toBe(true)
  })

  it('reads every knob', () => {
    expect(
      loadWebhookConfig({
        LOYALTYKIT_WEBHOOKS: 'false',
        LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: '10s, 1m,1.5h,250',
        LOYALTYKIT_WEBHOOK_JITTER: '0',
        LOYALTYKIT_WEBHOOK_TIMEOUT_MS: '3000',
        LOYALTYKIT_WEBHOOK_POLL_MS: '200',
        LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true',
      }),
    ).toEqual({
      enabled: false,
      retryScheduleMs: [10_000, 60_000, 5_400_000, 250],
      jitter: 0,
      timeoutMs: 3000,
      pollIntervalMs: 200,
      allowPrivateAddresses: true,
    })
  })

  it('names every invalid variable in one ConfigError line', () => {
    let error: unknown
    try {
      loadWebhookConfig({
        LOYALTYKIT_WEBHOOKS: 'maybe',
        LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: '30s,,2m',
        LOYALTYKIT_WEBHOOK_JITTER: '2',
        LOYALTYKIT_WEBHOOK_TIMEOUT_MS: 'soon',
      })
    } catch (e) {
      error = e
    }
    expect(isLoyaltyError(error) && error.code).toBe('INVALID_CONFIG')
    const message = (error as Error).message
    expect(message.split('\n')).toHaveLength(1)
    for (const name of [
      'LOYALTYKIT_WEBHOOKS must be true or false',
      'LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE must be a comma-separated list',
      'LOYALTYKIT_WEBHOOK_JITTER must be a number between 0 and 1',
      'LOYALTYKIT_WEBHOOK_TIMEOUT_MS must be an integer',
    ]) {
      expect(message).toContain(name)
    }
  })
})
