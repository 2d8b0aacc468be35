import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { KeyVault } from '@loyaltykit/engine'
import { MASTER_KEY_FILE } from '../../src/config/master-key'
import { IDENTITY_SIGNING_KEY_FILE } from '../../src/identity/identity-signing-key'
import { queryTestDatabase } from './query-test-database'
import type { SecretScan } from './secret-scan'
import type { TestDatabase } from './test-databases'

/** Encrypted columns that hold secrets: custodial wallet keys, brand secrets, chain signer keys. */
const ENCRYPTED = [
  { kind: 'custodial wallet private key', sql: 'SELECT encrypted_key AS c FROM wallets' },
  { kind: 'brand secret (security key)', sql: 'SELECT ciphertext AS c FROM brand_secrets' },
  { kind: 'webhook signing secret', sql: 'SELECT secret_ciphertext AS c FROM webhook_endpoints' },
  {
    kind: 'previous webhook signing secret',
    sql: 'SELECT previous_secret_ciphertext AS c FROM webhook_endpoints WHERE previous_secret_ciphertext IS NOT NULL',
  },
  { kind: 'encrypted setting (chain signer keys)', sql: 'SELECT value AS c FROM settings' },
]

const PRIVATE_KEY = /0x[0-9a-fA-F]{64}/g

const readText = (file: string) => readFile(file, 'utf8').catch(() => undefined)

/**
 * Registers every secret a server holds at rest in `db` and its data folder: each encrypted column
 * decrypted with the server's key vault (private keys found inside, the rest whole), the development
 * master key file, and the identity signing key's private part.
 */
export async function registerStoredSecrets(scan: SecretScan, db: TestDatabase, keyVault: KeyVault): Promise<void> {
  for (const { kind, sql } of ENCRYPTED) {
    const rows = await queryTestDatabase<{ c: string }>(db, sql).catch(() => [])
    for (const { c } of rows) {
      let plain: string
      try {
        plain = keyVault.decrypt(c)
      } catch {
        continue // not encrypted (plain settings)
      }
      const keys = plain.match(PRIVATE_KEY)
      if (keys) for (const k of keys) scan.register(k, kind)
      else scan.register(plain, kind)
    }
  }
  scan.register(await readText(join(db.dataDir, MASTER_KEY_FILE)), 'master key')
  const jwk = await readText(join(db.dataDir, IDENTITY_SIGNING_KEY_FILE))
  if (jwk) scan.register((JSON.parse(jwk) as { d?: string }).d, 'identity signing key')
}
