import { loadConfig } from '../config/load-config'
import { createLogger } from '../logging/create-logger'
import { openRuntime, type Runtime } from '../runtime/open-runtime'
import type { CliIo } from './command'
import { humanLogStream } from './human-log-stream'

/**
 * Opens storage + key vault (never the chain) for a data command, runs `fn`, and closes everything.
 * Logs go to stderr as readable lines, at LOG_LEVEL (default `error` for data commands, so a
 * command's output and its one error line stay clean).
 */
export async function withDataRuntime<T>(io: CliIo, fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env, { cwd: io.cwd })
  const level = io.env.LOG_LEVEL ? config.logLevel : 'error'
  const logger = createLogger({ level, destination: humanLogStream(io.stderr) })
  const runtime = await openRuntime({ config, logger, withChain: false })
  try {
    return await fn(runtime)
  } finally {
    await runtime.close()
  }
}
