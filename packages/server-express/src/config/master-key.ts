import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, type Logger } from '@loyaltykit/engine'
import type { StorageConfig } from './storage-section'

export type LoadMasterKeyParameters = {
  config: Pick<StorageConfig, 'masterKey' | 'dataDir'>
  logger: Pick<Logger, 'warn'>
}

export const MASTER_KEY_FILE = 'master.key'

/** The accepted forms of a master key, as configuration errors state them. */
export const MASTER_KEY_FORMAT =
  '64 hex characters or the base64 of 32 bytes (generate one with `openssl rand -hex 32`)'

/**
 * The 32-byte master key that encrypts custodial wallet keys and brand secrets at rest:
 * `LOYALTYKIT_MASTER_KEY` as parsed by loadConfig (which refuses other formats, and an unset key in
 * production); unset, a development key is read from `<dataDir>/master.key`, generated there (mode
 * 0600) on first use with a warning. Two processes starting at once agree on one file. The key itself
 * is never logged.
 */
export async function loadMasterKey(p: LoadMasterKeyParameters): Promise<Uint8Array> {
  if (p.config.masterKey) return Buffer.from(p.config.masterKey, 'hex')
  return loadDevMasterKey(p.config.dataDir, p.logger)
}

/** 32 bytes from 64 hex characters or base64/base64url (padded or not); undefined otherwise. */
export function parseMasterKey(text: string): Uint8Array | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text) || /^[A-Za-z0-9_-]{43}$/.test(text)) {
    const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
    if (bytes.length === 32) return bytes
  }
  return undefined
}

async function loadDevMasterKey(dataDir: string, logger: Pick<Logger, 'warn'>): Promise<Uint8Array> {
  const file = join(dataDir, MASTER_KEY_FILE)
  await mkdir(dataDir, { recursive: true })
  const created = await createIfAbsent(file, `${randomBytes(32).toString('hex')}\n`)
  const key = parseMasterKey((await readFile(file, 'utf8')).trim())
  if (!key) throw new ConfigError(`${file} does not hold a master key (${MASTER_KEY_FORMAT})`)
  if (created) {
    logger.warn(
      { file },
      'LOYALTYKIT_MASTER_KEY is not set: generated a development master key. It encrypts the custodial wallet keys; back it up, and set LOYALTYKIT_MASTER_KEY in production',
    )
  } else {
    logger.warn({ file }, 'LOYALTYKIT_MASTER_KEY is not set: using the development master key from the data folder')
    if (process.platform !== 'win32' && ((await stat(file)).mode & 0o077) !== 0) {
      logger.warn({ file }, 'the development master key file is readable by other users; chmod 600 it')
    }
  }
  return key
}

/** Writes `content` to `file` only if it does not exist, atomically (temp file + link). True if written. */
async function createIfAbsent(file: string, content: string): Promise<boolean> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temp, content, { mode: 0o600, flag: 'wx' })
  try {
    await link(temp, file)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  } finally {
    await unlink(temp).catch(() => {})
  }
}
