import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

describe('constraints section', () => {
  it('defaults', () => {
    expect(loadConfig({}).constraints).toEqual({
      cacheTtlMs: 60_000,
      timeoutMs: 3_000,
      maxResponseBytes: 16_384,
      allowPrivateAddresses: false,
    })
  })

  it('reads every variable (the cache TTL in seconds)', () => {
    const c = loadConfig({
      LOYALTYKIT_CONSTRAINT_CACHE_TTL_SECONDS: '10m',
      LOYALTYKIT_CONSTRAINT_TIMEOUT_MS: '500',
      LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES: '1024',
      LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE: 'true',
    })
    expect(c.constraints).toEqual({
      cacheTtlMs: 600_000,
      timeoutMs: 500,
      maxResponseBytes: 1024,
      allowPrivateAddresses: true,
    })
  })

  it('refuses bad values', () => {
    expect(() =>
      loadConfig({
        LOYALTYKIT_CONSTRAINT_TIMEOUT_MS: '50',
        LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES: '10',
        LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE: 'sometimes',
      }),
    ).toThrow(
      /LOYALTYKIT_CONSTRAINT_TIMEOUT_MS must be .*LOYALTYKIT_CONSTRAINT_MAX_RESPONSE_BYTES must be an integer number of bytes between 256 and 1048576.*LOYALTYKIT_CONSTRAINT_ALLOW_PRIVATE must be true or false/,
    )
  })
})
