import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { type TestDatabase, testDialects } from './helpers/test-databases'

describe('loyaltykit CLI: configuration errors', () => {
  it('prints ONE clear line on stderr and exits 1 for invalid config, without a stack trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lk-cli-'))
    try {
      const r = await runCliProcess(
        ['brand', 'list'],
        cliEnv({ LOYALTYKIT_DATA_DIR: dir, PORT: 'abc', LOYALTYKIT_MINTER_KEY: '0xnot-a-key-SECRET' }),
      )
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      const lines = r.stderr.split('\n').filter(Boolean)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^loyaltykit: invalid configuration: /)
      expect(lines[0]).toContain('PORT must be an integer between 0 and 65535 (got "abc")')
      expect(lines[0]).toContain('LOYALTYKIT_MINTER_KEY must be a 0x-prefixed 32-byte hex private key')
      expect(r.stderr).not.toContain('SECRET')
      expect(r.stderr).not.toMatch(/\n\s+at /)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses an unknown option with one line pointing at --help (exit 2: a usage error)', async () => {
    const r = await runCliProcess(['brand', 'list', '--colour'], cliEnv({}))
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^loyaltykit brand list: .*--colour.*\(see `loyaltykit brand list --help`\)/)
  })
})

describe.each(testDialects)('loyaltykit CLI on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    db = await create()
    env = cliEnv({
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
    })
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('creates a brand (--json, keys shown once) and lists it', async () => {
    const created = await runCliProcess(
      [
        'brand',
        'create',
        '--name',
        'Acme Shop',
        '--website',
        'https://shop.acme.example',
        '--website',
        'https://acme.example/x',
        '--json',
      ],
      env,
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const out = JSON.parse(created.stdout)
    expect(out.brand.id).toMatch(/^0x[0-9a-f]{40}$/)
    expect(out.brand).toMatchObject({
      name: 'Acme Shop',
      websites: ['https://shop.acme.example', 'https://acme.example'],
    })
    expect(typeof out.keys.securityKey).toBe('string')
    expect(typeof out.keys.apiKey).toBe('string')

    const listed = await runCliProcess(['brand', 'list', '--json'], env)
    expect(listed.code).toBe(0)
    const brands = JSON.parse(listed.stdout)
    expect(brands).toEqual([expect.objectContaining({ id: out.brand.id, name: 'Acme Shop' })])
    expect(listed.stdout).not.toContain(out.keys.apiKey)
    expect(listed.stdout).not.toContain(out.keys.securityKey)

    // Default rules, then a change and a custom rule.
    const set = await runCliProcess(
      [
        'rule',
        'set',
        '--brand',
        out.brand.id,
        '--event',
        'purchase',
        '--reward',
        '5',
        '--max-claims',
        '-1',
        '--cooldown-hours',
        '0',
        '--max-total-claims',
        '1000',
        '--channels',
        'general, vip',
        '--url-pattern',
        'https://shop.acme.example/thanks',
        '--url-pattern',
        'https://shop.acme.example/done',
        '--success-selector',
        '.order-ok',
        '--json',
      ],
      env,
    )
    expect(set.stderr).toBe('')
    expect(set.code).toBe(0)
    expect(JSON.parse(set.stdout)).toMatchObject({
      eventType: 'purchase',
      rewardAmount: 5,
      maxClaims: -1,
      cooldownHours: 0,
      maxTotalClaims: 1000,
      detectionConfig: {
        urlPatterns: ['https://shop.acme.example/thanks', 'https://shop.acme.example/done'],
        successSelectors: ['.order-ok'],
        channels: ['general', 'vip'],
      },
      enabled: true,
    })
    const disabled = await runCliProcess(
      ['rule', 'set', '--brand', out.brand.id, '--event', 'form_submit', '--disable'],
      env,
    )
    expect(disabled.code).toBe(0)
    expect(disabled.stdout).toContain('DISABLED')

    const list = await runCliProcess(['rule', 'list', '--brand', out.brand.id, '--json'], env)
    expect(list.code).toBe(0)
    const rules = JSON.parse(list.stdout) as { eventType: string; rewardAmount: number; enabled: boolean }[]
    expect(rules.map((r) => r.eventType).sort()).toEqual(
      [
        'account_creation',
        'complete_survey',
        'form_submit',
        'newsletter_subscribe',
        'purchase',
        'rate_experience',
        'subscribe_renewal',
      ].sort(),
    )
    expect(rules.find((r) => r.eventType === 'account_creation')).toMatchObject({ rewardAmount: 100, enabled: true })
    expect(rules.find((r) => r.eventType === 'form_submit')).toMatchObject({ enabled: false })
  })

  it('explains a validation error in one line and exits 1', async () => {
    const r = await runCliProcess(['rule', 'set', '--brand', '0xABC', '--event', 'x'], env)
    expect(r.code).toBe(1)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^loyaltykit: .*brandId/)
  })

  it('migrate reports an up-to-date database', async () => {
    const r = await runCliProcess(['migrate'], env)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Database is up to date|Applied \d+ migration/)
  })
})
