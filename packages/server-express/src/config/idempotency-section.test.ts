import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

describe('idempotency section', () => {
  it('keeps answers 24 h and lets duplicates wait 5 s by default; reads both variables; refuses bad values', () => {
    expect(loadConfig({}).idempotency).toEqual({ retentionMs: 24 * 3_600_000, waitMs: 5_000 })
    const c = loadConfig({ LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS: '48', LOYALTYKIT_IDEMPOTENCY_WAIT_MS: '2s' })
    expect(c.idempotency).toEqual({ retentionMs: 48 * 3_600_000, waitMs: 2_000 })
    expect(() => loadConfig({ LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS: '0' })).toThrow(
      'LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS must be an integer number of hours between 1 and 720 (got "0")',
    )
  })
})
