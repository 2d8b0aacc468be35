import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const TOKEN = 'a'.repeat(32)
const load = (env: Record<string, string>) =>
  loadConfig({ LOYALTYKIT_MASTER_KEY: 'f'.repeat(64), ...env }).observability

describe('observability section (metrics and probes)', () => {
  it('defaults: /metrics on the main port without a token, gauges cached 5 s, backlog bound 10,000', () => {
    expect(load({})).toEqual({
      metrics: { port: undefined, host: '127.0.0.1', token: undefined, onMainPort: true, cacheMs: 5000 },
      readiness: { maxMintBacklog: 10_000 },
    })
  })

  it('a port of its own takes /metrics off the main port', () => {
    expect(
      load({
        LOYALTYKIT_METRICS_PORT: '9464',
        LOYALTYKIT_METRICS_HOST: '10.0.0.5',
        LOYALTYKIT_METRICS_TOKEN: TOKEN,
        LOYALTYKIT_METRICS_CACHE_MS: '15s',
        LOYALTYKIT_READY_MAX_MINT_BACKLOG: '500',
      }),
    ).toEqual({
      metrics: { port: 9464, host: '10.0.0.5', token: TOKEN, onMainPort: false, cacheMs: 15_000 },
      readiness: { maxMintBacklog: 500 },
    })
  })

  it('in production the main port serves /metrics only with a token', () => {
    expect(load({ NODE_ENV: 'production' }).metrics.onMainPort).toBe(false)
    expect(load({ NODE_ENV: 'production', LOYALTYKIT_METRICS_TOKEN: TOKEN }).metrics.onMainPort).toBe(true)
  })

  it('refuses a short token without echoing it, a host without a port, and the main port twice', () => {
    let error: unknown
    try {
      load({ PORT: '3000', LOYALTYKIT_METRICS_PORT: '3000', LOYALTYKIT_METRICS_TOKEN: 'short-secret' })
    } catch (e) {
      error = e
    }
    expect(isLoyaltyError(error) && error.code).toBe('INVALID_CONFIG')
    expect((error as Error).message).toContain('LOYALTYKIT_METRICS_TOKEN must be at least 16 visible ASCII characters')
    expect((error as Error).message).not.toContain('short-secret')
    expect(() => load({ PORT: '3000', LOYALTYKIT_METRICS_PORT: '3000' })).toThrow(
      'LOYALTYKIT_METRICS_PORT must differ from PORT',
    )
    expect(() => load({ LOYALTYKIT_METRICS_HOST: '0.0.0.0' })).toThrow(
      'LOYALTYKIT_METRICS_HOST needs LOYALTYKIT_METRICS_PORT',
    )
  })
})
