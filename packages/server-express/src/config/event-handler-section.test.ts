import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const eventHandler = (env: Record<string, string>) => loadConfig(env).eventHandler

describe('event handler section', () => {
  it('defaults: the spec’s windows, the public URL’s origin for CORS, the system’s DNS', () => {
    expect(eventHandler({})).toEqual({
      duplicateWindowMs: 60_000,
      eventConfigTtlMs: 300_000,
      eventConfigMaxAgeSeconds: 60,
      corsOrigins: ['http://localhost:3000'],
      dnsServers: [],
    })
  })

  it('reads every variable', () => {
    expect(
      eventHandler({
        LOYALTYKIT_PUBLIC_URL: 'https://points.example/api',
        LOYALTYKIT_DUPLICATE_WINDOW_MS: '0',
        LOYALTYKIT_EVENT_CONFIG_TTL_MS: '1m',
        LOYALTYKIT_EVENT_CONFIG_MAX_AGE: '120',
        LOYALTYKIT_CORS_ORIGINS: 'https://admin.example.com,https://points.example',
        LOYALTYKIT_DNS_SERVERS: '1.1.1.1, [::1]:5353',
      }),
    ).toEqual({
      duplicateWindowMs: 0,
      eventConfigTtlMs: 60_000,
      eventConfigMaxAgeSeconds: 120,
      corsOrigins: ['https://points.example', 'https://admin.example.com'],
      dnsServers: ['1.1.1.1', '[::1]:5353'],
    })
  })

  it('refuses bad values', () => {
    expect(() =>
      eventHandler({
        LOYALTYKIT_DUPLICATE_WINDOW_MS: '2d',
        LOYALTYKIT_EVENT_CONFIG_MAX_AGE: 'soon',
        LOYALTYKIT_CORS_ORIGINS: '*',
        LOYALTYKIT_DNS_SERVERS: 'dns.google',
      }),
    ).toThrow(
      /LOYALTYKIT_DUPLICATE_WINDOW_MS must be .*LOYALTYKIT_EVENT_CONFIG_MAX_AGE must be an integer number of seconds.*LOYALTYKIT_CORS_ORIGINS must be a comma-separated list of origins.*LOYALTYKIT_DNS_SERVERS must be a comma-separated list of IP\[:port\] addresses/,
    )
  })
})
