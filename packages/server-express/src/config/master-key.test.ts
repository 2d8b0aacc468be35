import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAesGcmKeyVault, isLoyaltyError } from '@loyaltykit/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'
import { loadMasterKey, MASTER_KEY_FILE } from './master-key'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'lk-master-key-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** loadMasterKey over the storage section that loadConfig reads from `env`, as the runtime calls it. */
async function loadMasterKeyFrom(p: {
  env: Record<string, string>
  dataDir: string
  logger: ReturnType<typeof recordingLogger>
}): Promise<Uint8Array> {
  return loadMasterKey({ config: { ...loadConfig(p.env).storage, dataDir: p.dataDir }, logger: p.logger })
}
const freshDir = () => join(root, randomBytes(4).toString('hex'))
function recordingLogger() {
  const lines: { obj: Record<string, unknown>; msg: string | undefined }[] = []
  return { lines, warn: (obj: Record<string, unknown>, msg?: string) => lines.push({ obj, msg }) }
}
async function configErrorOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isLoyaltyError(err) || err.code !== 'INVALID_CONFIG') throw new Error(`expected a ConfigError, got ${err}`)
  return err.message
}

describe('loadMasterKey', () => {
  const bytes = randomBytes(32)

  it.each([
    ['hex', bytes.toString('hex')],
    ['uppercase hex', bytes.toString('hex').toUpperCase()],
    ['base64', bytes.toString('base64')],
    ['base64 without padding', bytes.toString('base64').replace(/=$/, '')],
    ['base64url', bytes.toString('base64url')],
  ])('takes LOYALTYKIT_MASTER_KEY as %s', async (_name, value) => {
    const dataDir = freshDir()
    const logger = recordingLogger()
    const key = await loadMasterKeyFrom({ env: { LOYALTYKIT_MASTER_KEY: ` ${value}\n` }, dataDir, logger })
    expect(Buffer.from(key).equals(bytes)).toBe(true)
    expect(logger.lines).toEqual([])
    await expect(stat(join(dataDir, MASTER_KEY_FILE))).rejects.toThrow()
  })

  it.each([
    ['too short hex', 'ab'.repeat(31)],
    ['too long hex', 'ab'.repeat(33)],
    ['base64 of 16 bytes', randomBytes(16).toString('base64')],
    ['base64 of 48 bytes', randomBytes(48).toString('base64')],
    ['a passphrase', 'correct horse battery staple'],
  ])('refuses %s with a clear ConfigError that does not echo the value', async (_name, value) => {
    const message = await configErrorOf(
      loadMasterKeyFrom({ env: { LOYALTYKIT_MASTER_KEY: value }, dataDir: freshDir(), logger: recordingLogger() }),
    )
    expect(message).toMatch(/LOYALTYKIT_MASTER_KEY must be 64 hex characters or the base64 of 32 bytes/)
    expect(message).not.toContain(value)
  })

  it('requires the variable in production', async () => {
    const dataDir = freshDir()
    const message = await configErrorOf(
      loadMasterKeyFrom({
        env: { NODE_ENV: 'production', LOYALTYKIT_MASTER_KEY: '' },
        dataDir,
        logger: recordingLogger(),
      }),
    )
    expect(message).toMatch(/LOYALTYKIT_MASTER_KEY is required in production/)
    await expect(stat(join(dataDir, MASTER_KEY_FILE))).rejects.toThrow()
  })

  it('generates a development key into <dataDir>/master.key (0600), warns without the key, reuses it', async () => {
    const dataDir = freshDir()
    const logger = recordingLogger()
    const key = await loadMasterKeyFrom({ env: {}, dataDir, logger })
    expect(key).toHaveLength(32)
    const file = join(dataDir, MASTER_KEY_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(key).toString('hex'))
    expect(logger.lines).toHaveLength(1)
    expect(logger.lines[0]?.obj).toEqual({ file })
    expect(logger.lines[0]?.msg).toMatch(/generated a development master key/)
    const hex = Buffer.from(key).toString('hex')
    expect(JSON.stringify(logger.lines)).not.toContain(hex)

    const again = await loadMasterKeyFrom({ env: { NODE_ENV: 'development' }, dataDir, logger })
    expect(Buffer.from(again).equals(Buffer.from(key))).toBe(true)
    expect(JSON.stringify(logger.lines)).not.toContain(hex)
    // A vault over the reloaded key reads what the first one wrote.
    expect(createAesGcmKeyVault(again).decrypt(createAesGcmKeyVault(key).encrypt('wallet key'))).toBe('wallet key')
  })

  it('has processes starting at once agree on one key', async () => {
    const dataDir = freshDir()
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => loadMasterKeyFrom({ env: {}, dataDir, logger: recordingLogger() })),
    )
    expect(new Set(keys.map((k) => Buffer.from(k).toString('hex'))).size).toBe(1)
  })

  it('refuses a master.key file that holds no key', async () => {
    const dataDir = freshDir()
    await loadMasterKeyFrom({ env: {}, dataDir, logger: recordingLogger() })
    await writeFile(join(dataDir, MASTER_KEY_FILE), 'garbage\n')
    const message = await configErrorOf(loadMasterKeyFrom({ env: {}, dataDir, logger: recordingLogger() }))
    expect(message).toContain('does not hold a master key')
  })

  it('warns when the key file is readable by others', async () => {
    const dataDir = freshDir()
    await loadMasterKeyFrom({ env: {}, dataDir, logger: recordingLogger() })
    const { chmod } = await import('node:fs/promises')
    await chmod(join(dataDir, MASTER_KEY_FILE), 0o644)
    const logger = recordingLogger()
    await loadMasterKeyFrom({ env: {}, dataDir, logger })
    expect(logger.lines.map((l) => l.msg).join('\n')).toMatch(/readable by other users/)
  })
})
