import { resolve } from 'node:path'
import { defineSection } from './define-section'
import { envValue } from './env-value'
import { MASTER_KEY_FORMAT, parseMasterKey } from './master-key'

/** Where data lives and the key that encrypts it (docs/configuration.md#storage). */
export type StorageConfig = {
  /** Absolute path of the data folder (SQLite file, dev master key, embedded chain state). */
  dataDir: string
  /** undefined = SQLite file in the data folder. */
  databaseUrl: string | undefined
  /** LOYALTYKIT_MASTER_KEY as 64 lowercase hex characters; undefined = the dev key file (never in production). */
  masterKey: string | undefined
}

export const storageSection = defineSection({
  title: 'Storage',
  summary: 'The database, the data folder and the master key that encrypts secrets at rest.',
  variables: {
    LOYALTYKIT_DATA_DIR: envValue
      .string({ default: './.loyaltykit' })
      .describe(
        'Data folder, relative to the working directory: the SQLite file, the generated dev master key, the embedded chain’s state. Created when missing.',
      ),
    DATABASE_URL: envValue
      .secret(
        envValue.string({
          type: 'postgres:// or sqlite: URL',
          pattern: /^((postgres|postgresql):\/\/.|(sqlite|file):.)/,
          message: 'must be a postgres:// (or postgresql://) URL, or sqlite:<path> / file:<path>',
          unset: 'SQLite file in the data folder',
        }),
      )
      .describe(
        '`postgres://user:pass@host:5432/db` (or `postgresql://`) → PostgreSQL. `sqlite:<path>` / `file:<path>` → that SQLite file. Anything else is refused.',
      ),
    LOYALTYKIT_MASTER_KEY: envValue
      .secret(
        envValue.custom({
          type: '32 bytes, hex or base64',
          message: `must be ${MASTER_KEY_FORMAT}`,
          parse: (t) => {
            const key = parseMasterKey(t)
            return key ? Buffer.from(key).toString('hex') : undefined
          },
          unset: 'a dev key generated into the data folder, with a warning (refused in production)',
        }),
      )
      .describe(
        'Master key encrypting custodial wallet keys and brand secrets at rest (AES-256-GCM). **Set it in production** and keep it safe: without it the stored wallet keys cannot be decrypted. Generate one with `openssl rand -hex 32`.',
      ),
  },
  read(v, deps: { cwd: string; production: boolean }, report): StorageConfig {
    if (deps.production && v.LOYALTYKIT_MASTER_KEY === undefined) {
      report(
        'LOYALTYKIT_MASTER_KEY',
        `is required in production (${MASTER_KEY_FORMAT}); it encrypts every custodial wallet key, so keep it safe and backed up`,
      )
    }
    return {
      dataDir: resolve(deps.cwd, v.LOYALTYKIT_DATA_DIR),
      databaseUrl: v.DATABASE_URL,
      masterKey: v.LOYALTYKIT_MASTER_KEY,
    }
  },
})
