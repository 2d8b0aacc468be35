import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const server = (env: Record<string, string>) => loadConfig(env).server

describe('server section', () => {
  it('defaults', () => {
    expect(server({})).toEqual({
      port: 3000,
      host: undefined,
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
      trustProxy: false,
      healthTimeoutMs: 2000,
      shutdownTimeoutMs: 10_000,
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5000,
        maxHeaderBytes: 16_384,
        maxHeadersCount: 100,
      },
      demoBrand: true,
      logLevel: undefined,
      nodeEnv: 'development',
      production: false,
    })
  })

  it('reads every variable; the public URL defaults to the port; production turns the demo brand off', () => {
    expect(server({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(
      server({
        HOST: '127.0.0.1',
        LOYALTYKIT_PUBLIC_URL: 'https://points.example/',
        LOYALTYKIT_TRUST_PROXY: 'loopback, 10.0.0.0/8',
        LOYALTYKIT_HEALTH_TIMEOUT_MS: '5s',
        LOYALTYKIT_SHUTDOWN_TIMEOUT_MS: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      }),
    ).toMatchObject({
      host: '127.0.0.1',
      publicUrl: 'https://points.example',
      publicUrlConfigured: true,
      trustProxy: 'loopback, 10.0.0.0/8',
      healthTimeoutMs: 5000,
      shutdownTimeoutMs: 0,
      logLevel: 'warn',
      nodeEnv: 'test',
    })
    expect(server({ LOYALTYKIT_TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    const key = { LOYALTYKIT_MASTER_KEY: 'ab'.repeat(32) }
    expect(server({ ...key, NODE_ENV: 'production' })).toMatchObject({ demoBrand: false, production: true })
    expect(server({ ...key, NODE_ENV: 'production', LOYALTYKIT_DEMO_BRAND: 'true' }).demoBrand).toBe(true)
  })

  it('refuses bad values, naming each variable', () => {
    expect(() =>
      server({
        LOYALTYKIT_PUBLIC_URL: 'ws://x.example',
        LOYALTYKIT_TRUST_PROXY: 'all*',
        LOYALTYKIT_HEALTH_TIMEOUT_MS: '10',
        NODE_ENV: 'staging',
      }),
    ).toThrow(
      /LOYALTYKIT_PUBLIC_URL must be an http:\/\/ or https:\/\/ URL.*LOYALTYKIT_TRUST_PROXY must be false, true, a hop count or a list of subnets.*LOYALTYKIT_HEALTH_TIMEOUT_MS must be an integer number of milliseconds between 50 and 60000.*NODE_ENV must be one of development, production, test/,
    )
  })
})
