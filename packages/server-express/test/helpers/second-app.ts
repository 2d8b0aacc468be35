import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createEngine, type Storage } from '@loyaltykit/engine'
import { type CreateAppParameters, createApp } from '../../src/app/create-app'
import { loadConfig } from '../../src/config/load-config'
import { openIdentity } from '../../src/identity/open-identity'
import { createLogger } from '../../src/logging/create-logger'
import { closeServer } from '../../src/runtime/close-server'
import { listen } from '../../src/runtime/listen'
import { openStorage } from '../../src/storage/open-storage'
import { registerPresentedCredentials } from './presented-credentials'
import type { TestServer } from './start-test-server'
import type { TestDatabase } from './test-databases'

export type SecondApp = { base: string; storage: Storage; close(): Promise<void> }

/**
 * Another server (HTTP app + engine, no chain) over the same database as `s`, like a second process
 * behind a load balancer: on PostgreSQL with its own connection pool; on SQLite over the first
 * server's storage (one process must not open a SQLite file twice). `env` configures its identity
 * and constraints; `app` adds createApp parameters.
 */
export async function startSecondApp(
  db: TestDatabase,
  s: TestServer,
  env: Record<string, string> = {},
  app: Partial<Pick<CreateAppParameters, 'pregeneration' | 'rateLimits' | 'config'>> = {},
): Promise<SecondApp> {
  // Its lines go to the first server's capture, checked for secrets when that server closes.
  const logger = createLogger({ level: 'trace', destination: s.logs.stream })
  const own = db.dialect === 'postgres'
  const storage = own ? await openStorage({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }) : s.runtime.storage
  // Only the identity and constraint sections are used (the key vault is the first server's); a
  // master key is there because NODE_ENV=production requires one.
  const config = loadConfig({ LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'), ...env })
  const identity = await openIdentity({ config: config.identity, dataDir: db.dataDir, logger })
  const engine = createEngine({
    storage,
    keyVault: s.runtime.keyVault,
    logger,
    identity,
    constraints: config.constraints,
  })
  const server: Server = await listen(createApp({ engine, logger, config: {}, ...app }), 0, '127.0.0.1')
  registerPresentedCredentials(server, s.secrets)
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    storage,
    async close() {
      await closeServer(server, 0)
      if (own) await storage.close()
    },
  }
}
