import { isLoyaltyError } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const KEY = `0x${'ab'.repeat(32)}`

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const c = loadConfig({}, { cwd: '/srv/app' })
    expect(c).toMatchObject({
      port: 3000,
      host: undefined,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/.loyaltykit',
      databaseUrl: undefined,
      rpcUrl: undefined,
      minterKey: undefined,
      mintWaitMs: 20000,
      logLevel: 'info',
      nodeEnv: 'development',
      demoBrand: true,
      trustProxy: false,
    })
  })

  it('reads every variable and treats empty strings as unset', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        LOYALTYKIT_DATA_DIR: '/data',
        DATABASE_URL: 'postgres://u:p@db:5432/lk',
        LOYALTYKIT_RPC_URL: 'https://rpc.example',
        LOYALTYKIT_MINTER_KEY: KEY,
        LOYALTYKIT_DEPLOYER_KEY: '',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        LOYALTYKIT_TRUST_PROXY: '1',
        LOYALTYKIT_PUBLIC_URL: 'https://points.example/',
      },
      { cwd: '/x' },
    )
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/data',
      databaseUrl: 'postgres://u:p@db:5432/lk',
      rpcUrl: 'https://rpc.example',
      minterKey: KEY,
      deployerKey: KEY,
      logLevel: 'debug',
      nodeEnv: 'production',
      demoBrand: false,
      trustProxy: 1,
      publicUrl: 'https://points.example',
    })
  })

  it('fails with ONE line naming every invalid variable, without echoing secrets', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', LOYALTYKIT_MINTER_KEY: '0xsecretsecret' })
    } catch (e) {
      error = e
    }
    expect(isLoyaltyError(error)).toBe(true)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    expect(message).toContain('PORT must be an integer between 0 and 65535 (got "eighty")')
    expect(message).toContain('LOG_LEVEL must be one of')
    expect(message).toContain('LOYALTYKIT_MINTER_KEY must be a 0x-prefixed 32-byte hex private key')
    expect(message).not.toContain('secretsecret')
  })

  it('rejects a DATABASE_URL that is neither PostgreSQL nor SQLite', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/x' })).toThrow(/DATABASE_URL must be a postgres/)
  })
})
