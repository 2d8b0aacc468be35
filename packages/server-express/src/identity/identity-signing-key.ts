import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, generateIdentitySigningKey, type LocalTokenIssuerOptions, type Logger } from '@loyaltykit/engine'

type JWK = LocalTokenIssuerOptions['privateJwk']

export const IDENTITY_SIGNING_KEY_FILE = 'identity-signing-key.jwk'

function parseJwk(text: string, where: string): JWK {
  let jwk: unknown
  try {
    jwk = JSON.parse(text)
  } catch {
    throw new ConfigError(`${where} is not JSON (expected a private ES256 JWK)`)
  }
  const k = jwk as JWK
  if (k.kty !== 'EC' || k.crv !== 'P-256' || typeof k.d !== 'string' || typeof k.x !== 'string') {
    throw new ConfigError(`${where} is not a private EC P-256 (ES256) JWK`)
  }
  return k
}

/**
 * The local token issuer's private ES256 key: `LOYALTYKIT_IDENTITY_SIGNING_KEY` (JWK JSON; set the same
 * value on every server process) or `<dataDir>/identity-signing-key.jwk`, generated there on first use
 * (mode 0600, written atomically so two processes starting at once agree on one key).
 */
export async function loadIdentitySigningKey(p: {
  fromEnv: string | undefined
  dataDir: string
  logger: Pick<Logger, 'info'>
}): Promise<JWK> {
  if (p.fromEnv) return parseJwk(p.fromEnv, 'LOYALTYKIT_IDENTITY_SIGNING_KEY')
  const file = join(p.dataDir, IDENTITY_SIGNING_KEY_FILE)
  await mkdir(p.dataDir, { recursive: true })
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temp, `${JSON.stringify(await generateIdentitySigningKey())}\n`, { mode: 0o600, flag: 'wx' })
  try {
    await link(temp, file)
    p.logger.info({ file }, 'generated the local identity signing key (ES256)')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  } finally {
    await unlink(temp).catch(() => {})
  }
  return parseJwk(await readFile(file, 'utf8'), file)
}
