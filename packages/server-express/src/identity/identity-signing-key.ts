import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, generateIdentitySigningKey, type LocalTokenIssuerOptions, type Logger } from '@loyaltykit/engine'

/** A private ES256 (EC P-256) JWK. */
export type IdentitySigningJwk = LocalTokenIssuerOptions['privateJwk']

export const IDENTITY_SIGNING_KEY_FILE = 'identity-signing-key.jwk'

/** The private EC P-256 (ES256) JWK in `text` (JSON), or undefined when it is not one. */
export function parseIdentitySigningJwk(text: string): IdentitySigningJwk | undefined {
  let jwk: unknown
  try {
    jwk = JSON.parse(text)
  } catch {
    return undefined
  }
  const k = jwk as IdentitySigningJwk | null
  if (k?.kty !== 'EC' || k.crv !== 'P-256' || typeof k.d !== 'string' || typeof k.x !== 'string') return undefined
  return k
}

/**
 * The local token issuer's private ES256 key: `configured` (LOYALTYKIT_IDENTITY_SIGNING_KEY, parsed
 * by loadConfig; set the same value on every server process) or `<dataDir>/identity-signing-key.jwk`,
 * generated there on first use (mode 0600, written atomically so two processes starting at once agree
 * on one key).
 */
export async function loadIdentitySigningKey(p: {
  configured: IdentitySigningJwk | undefined
  dataDir: string
  logger: Pick<Logger, 'info'>
}): Promise<IdentitySigningJwk> {
  if (p.configured) return p.configured
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
  const jwk = parseIdentitySigningJwk(await readFile(file, 'utf8'))
  if (!jwk) throw new ConfigError(`${file} is not a private EC P-256 (ES256) JWK`)
  return jwk
}
