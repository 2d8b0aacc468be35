import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLoyaltyError } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const KEY = `0x${'ab'.repeat(32)}`

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const c = loadConfig({}, { cwd: '/srv/app' })
    expect(c).toMatchObject({
      server: {
        port: 3000,
        host: undefined,
        publicUrl: 'http://localhost:3000',
        logLevel: undefined,
        nodeEnv: 'development',
        demoBrand: true,
        trustProxy: false,
      },
      storage: { dataDir: '/srv/app/.loyaltykit', databaseUrl: undefined },
      chain: { rpcUrl: undefined, minterKey: undefined },
      minter: { waitMs: 20000 },
    })
  })

  it('reads every variable and treats empty strings as unset', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        LOYALTYKIT_DATA_DIR: '/data',
        DATABASE_URL: 'postgres://u:p@db:5432/lk',
        LOYALTYKIT_RPC_URL: 'https://rpc.example',
        LOYALTYKIT_MASTER_KEY: KEY.slice(2),
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
      server: {
        port: 8080,
        logLevel: 'debug',
        nodeEnv: 'production',
        demoBrand: false,
        trustProxy: 1,
        publicUrl: 'https://points.example',
      },
      storage: { dataDir: '/data', databaseUrl: 'postgres://u:p@db:5432/lk' },
      chain: { rpcUrl: 'https://rpc.example', minterKey: KEY, deployerKey: KEY },
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

describe('loadConfig: the whole configuration', () => {
  it('is deeply frozen', () => {
    const c = loadConfig({ LOYALTYKIT_RELAYER_ORIGINS: 'https://app.example' })
    expect(Object.isFrozen(c)).toBe(true)
    expect(Object.isFrozen(c.relayer)).toBe(true)
    expect(Object.isFrozen(c.relayer.allowedOrigins)).toBe(true)
    expect(() => (c.relayer.allowedOrigins as string[]).push('https://evil.example')).toThrow(TypeError)
  })

  it('names bad values of every section in one line, and reports contradictions once values are well-formed', () => {
    let message = ''
    try {
      loadConfig({ PORT: 'x', LOYALTYKIT_WEBHOOK_JITTER: '3', STRIPE_SECRET_KEY: 'sk_test_0123456789' })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toBe(
      'invalid configuration: PORT must be an integer between 0 and 65535 (got "x"); LOYALTYKIT_WEBHOOK_JITTER must be a number between 0 and 1 (got "3")',
    )
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_0123456789', LOYALTYKIT_RPC_URL: 'http://rpc' })).toThrow(
      'invalid configuration: LOYALTYKIT_MINTER_KEY is required with LOYALTYKIT_RPC_URL (the account that mints); STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (Stripe needs both)',
    )
  })

  it('warns about unknown LOYALTYKIT_* variables, naming the closest known one', () => {
    const warnings: string[] = []
    loadConfig(
      { LOYALTYKIT_RELAYER_ORIGIN: 'x', LOYALTYKIT_DATABASE_URL: 'x', LOYALTYKIT_URL: 'x', OTHER_THING: 'x' },
      { onWarning: (m) => warnings.push(m) },
    )
    expect(warnings).toEqual([
      'unknown variable LOYALTYKIT_RELAYER_ORIGIN: did you mean LOYALTYKIT_RELAYER_ORIGINS?',
      'unknown variable LOYALTYKIT_DATABASE_URL: did you mean DATABASE_URL?',
    ])
  })

  it('keeps secrets out of the logs when the configuration is logged', async () => {
    const { createLogger } = await import('../logging/create-logger')
    const { PassThrough } = await import('node:stream')
    const secrets = {
      DATABASE_URL: 'postgres://lk:pg-password-1@db/lk',
      LOYALTYKIT_MASTER_KEY: 'cd'.repeat(32),
      LOYALTYKIT_RPC_URL: 'https://rpc.example',
      LOYALTYKIT_MINTER_KEY: `0x${'e1'.repeat(32)}`,
      LOYALTYKIT_RELAYER_KEY: `0x${'e2'.repeat(32)}`,
      STRIPE_SECRET_KEY: 'sk_test_stripe0secret0value',
      STRIPE_WEBHOOK_SECRET: 'whsec_webhook0secret0value',
    }
    const out = new PassThrough()
    let logged = ''
    out.on('data', (d) => {
      logged += d
    })
    createLogger({ destination: out }).info({ config: loadConfig(secrets) }, 'configuration')
    await new Promise((r) => setImmediate(r))
    expect(logged).toContain('"msg":"configuration"')
    for (const value of [
      'pg-password-1',
      'cd'.repeat(32),
      'e1'.repeat(32),
      'e2'.repeat(32),
      'stripe0secret',
      'webhook0secret',
    ]) {
      expect(logged).not.toContain(value)
    }
  })
})

describe('loadConfig: a .env file', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-dotenv-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  async function envFile(text: string): Promise<string> {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.env`)
    await writeFile(file, text)
    return file
  }

  it('supplies the variables the environment lacks; the real environment wins, even when empty', async () => {
    const file = await envFile(
      '# settings\nPORT=4000\nLOYALTYKIT_MINT_WAIT_MS="5s"\nexport LOG_LEVEL=debug\nHOST=0.0.0.0\n',
    )
    const c = loadConfig({ PORT: '5000', HOST: '' }, { envFile: file })
    expect(c.server.port).toBe(5000)
    expect(c.minter.waitMs).toBe(5000)
    expect(c.server.logLevel).toBe('debug')
    expect(c.server.host).toBeUndefined()
  })

  it('is optional', () => {
    expect(loadConfig({}, { envFile: join(dir, 'missing.env') }).server.port).toBe(3000)
  })

  it('names the file of a bad value or an unknown variable it holds', async () => {
    const file = await envFile('PORT=eighty\nLOYALTYKIT_MINTER_KEY=0xnope\n')
    expect(() => loadConfig({}, { envFile: file })).toThrow(
      `invalid configuration: PORT must be an integer between 0 and 65535 (got "eighty") (in ${file}); LOYALTYKIT_MINTER_KEY must be a 0x-prefixed 32-byte hex private key (in ${file})`,
    )
    expect(() => loadConfig({ PORT: '1' }, { envFile: file })).toThrow(/^invalid configuration: LOYALTYKIT_MINTER_KEY/)
    const rpc = await envFile('LOYALTYKIT_RPC_URL=https://rpc.example\nLOYALTYKIT_PROT=1\n')
    const warnings: string[] = []
    expect(() => loadConfig({}, { envFile: rpc, onWarning: (m) => warnings.push(m) })).toThrow(
      'LOYALTYKIT_MINTER_KEY is required with LOYALTYKIT_RPC_URL (the account that mints)',
    )
    expect(warnings).toEqual([`unknown variable LOYALTYKIT_PROT (in ${rpc}): did you mean PORT?`])
  })
})
