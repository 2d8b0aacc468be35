import { loadConfig } from '../../src/config/load-config'
import { createLogger } from '../../src/logging/create-logger'
import { type RunningServer, startServer } from '../../src/runtime/start-server'
import type { TestDatabase } from './test-databases'

export type TestServer = RunningServer & {
  /** http://127.0.0.1:<port> */
  base: string
}

/**
 * The whole server as `loyaltykit start` runs it (storage + migrations, key vault, embedded EDR chain
 * with contracts, minter, webhook dispatcher, HTTP on a free port) over a test database. No demo
 * brand unless asked. `env` adds or overrides variables (see docs/configuration.md).
 */
export async function startTestServer(db: TestDatabase, env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOYALTYKIT_DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    LOYALTYKIT_DEMO_BRAND: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...env,
  })
  const logger = createLogger({ level: config.server.logLevel ?? 'info' })
  const running = await startServer({ config, logger })
  return Object.assign(running, { base: `http://127.0.0.1:${running.port}` })
}
