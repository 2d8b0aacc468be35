import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const storage = (env: Record<string, string>) => loadConfig(env, { cwd: '/srv/app' }).storage

describe('storage section', () => {
  it('defaults: SQLite in ./.loyaltykit, the dev master key', () => {
    expect(storage({})).toEqual({ dataDir: '/srv/app/.loyaltykit', databaseUrl: undefined, masterKey: undefined })
  })

  it('resolves the data folder, takes PostgreSQL and SQLite URLs, normalizes the master key to hex', () => {
    const bytes = randomBytes(32)
    expect(
      storage({
        LOYALTYKIT_DATA_DIR: 'data',
        DATABASE_URL: 'postgresql://u:p@db/lk',
        LOYALTYKIT_MASTER_KEY: bytes.toString('base64'),
      }),
    ).toEqual({ dataDir: '/srv/app/data', databaseUrl: 'postgresql://u:p@db/lk', masterKey: bytes.toString('hex') })
    expect(storage({ DATABASE_URL: 'sqlite:/tmp/x.db' }).databaseUrl).toBe('sqlite:/tmp/x.db')
  })

  it('refuses a bad URL or key without echoing either (secrets)', () => {
    let message = ''
    try {
      storage({ DATABASE_URL: 'mysql://root:hunter2@db/x', LOYALTYKIT_MASTER_KEY: 'hunter3' })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain('DATABASE_URL must be a postgres:// (or postgresql://) URL')
    expect(message).toContain('LOYALTYKIT_MASTER_KEY must be 64 hex characters or the base64 of 32 bytes')
    expect(message).not.toMatch(/hunter/)
  })

  it('requires the master key in production', () => {
    expect(() => storage({ NODE_ENV: 'production' })).toThrow(/LOYALTYKIT_MASTER_KEY is required in production/)
  })
})
