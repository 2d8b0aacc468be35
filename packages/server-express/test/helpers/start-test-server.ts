import { loadConfig } from '../../src/config/load-config'
import { createLogger, type ServerLogger } from '../../src/logging/create-logger'
import { apiOperations } from '../../src/openapi/build-openapi-document'
import { type RunningServer, startServer } from '../../src/runtime/start-server'
import { captureLogs } from './capture-logs'
import { registerPresentedCredentials } from './presented-credentials'
import { type ResponseValidator, validateResponses } from './response-validator'
import { createSecretScan, type SecretLeak, type SecretScan } from './secret-scan'
import { registerStoredSecrets } from './stored-secrets'
import type { TestDatabase } from './test-databases'

export type TestServer = RunningServer & {
  /** http://127.0.0.1:<port> */
  base: string
  /** Every log line the server wrote (JSON, `trace` level unless LOG_LEVEL says otherwise). */
  logs: ReturnType<typeof captureLogs>
  /** The server's logger (another app on the same database may write its lines here too). */
  logger: ServerLogger
  /** The secrets no log line may hold; checked by `close()`. */
  secrets: SecretScan
  /** The log lines so far that hold a secret (registering what the database holds first). */
  leaks(): Promise<SecretLeak[]>
  /** Every JSON response checked against the OpenAPI document's schemas; checked by `close()`. */
  responses: ResponseValidator
}

/**
 * The whole server as `loyaltykit start` runs it (storage + migrations, key vault, embedded EDR chain
 * with contracts, minter, webhook dispatcher, HTTP on a free port) over a test database. No demo
 * brand unless asked. `env` adds or overrides variables (see docs/configuration.md).
 *
 * Every log line is captured at the most verbose level (`LOG_LEVEL=trace`: request headers and bodies
 * too), and `close()` fails, after stopping the server, when a line holds a secret: one of a known
 * form (API, DNS and security keys, webhook secrets, Stripe keys, JWT access tokens), a secret
 * variable of the configuration, the master key, the identity signing key, any secret the database
 * holds encrypted (custodial wallet keys, chain signer keys, brand secrets) or any credential a client
 * sent in `Authorization`. So every suite that starts a server checks that no secret reaches a log.
 * Likewise every JSON response is checked against the OpenAPI document (response-validator.ts) and
 * `close()` fails when one does not match it.
 */
export async function startTestServer(db: TestDatabase, env: Record<string, string> = {}): Promise<TestServer> {
  const vars = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOYALTYKIT_DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    LOYALTYKIT_DEMO_BRAND: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    ...env,
  }
  const config = loadConfig(vars)
  const logs = captureLogs()
  const logger = createLogger({ level: config.server.logLevel ?? 'info', destination: logs.stream })
  const secrets = createSecretScan()
  secrets.registerConfig(vars)
  const running = await startServer({ config, logger })
  registerPresentedCredentials(running.server, secrets)
  const responses = validateResponses(
    running.server,
    apiOperations({
      eventHandler: true,
      payments: true,
      relayerBasePath: config.relayer?.basePath,
      agentBasePath: config.agent.basePath,
      metrics: true,
    }),
  )
  const close = running.close.bind(running)
  const leaks = async () => {
    await registerStoredSecrets(secrets, db, running.runtime.keyVault).catch(() => {})
    return secrets.leaksIn(logs.raw)
  }
  let closing: Promise<void> | undefined
  return Object.assign(running, {
    base: `http://127.0.0.1:${running.port}`,
    logs,
    logger,
    secrets,
    leaks,
    responses,
    close() {
      closing ??= (async () => {
        // What the database holds is read before the server closes it (a test may drop it next).
        await registerStoredSecrets(secrets, db, running.runtime.keyVault).catch(() => {})
        await close()
        const mismatches = responses.violations()
        if (mismatches.length > 0) {
          throw new Error(
            `${mismatches.length} response(s) do not match the OpenAPI document (docs/openapi.md):\n${mismatches.map((m) => `- ${m}`).join('\n')}`,
          )
        }
        const found = secrets.leaksIn(logs.raw)
        if (found.length > 0) {
          throw new Error(
            `${found.length} log line(s) hold a secret:\n${found.map((l) => `- ${l.kind}: ${l.line}`).join('\n')}`,
          )
        }
      })()
      return closing
    },
  })
}
