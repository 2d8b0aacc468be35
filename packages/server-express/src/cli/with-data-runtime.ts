import { createLogger } from '../logging/create-logger'
import { openRuntime, type Runtime } from '../runtime/open-runtime'
import type { CommandIo } from './command'
import { humanLogStream } from './human-log-stream'

/**
 * Opens storage (migrated unless `migrate: false`) + key vault (and the chain with `withChain`) for a
 * command, runs `fn`, and closes everything. Logs go to stderr as readable lines, at LOG_LEVEL (default `error` for commands, so a
 * command's output and its one error line stay clean).
 */
export async function withDataRuntime<T>(
  io: CommandIo,
  fn: (runtime: Runtime) => Promise<T>,
  options: { withChain?: boolean; migrate?: boolean } = {},
): Promise<T> {
  const logger = createLogger({
    level: io.config.server.logLevel ?? 'error',
    destination: humanLogStream(io.stderr),
  })
  const runtime = await openRuntime({
    config: io.config,
    logger,
    withChain: options.withChain ?? false,
    ...(options.migrate === undefined ? {} : { migrate: options.migrate }),
  })
  try {
    return await fn(runtime)
  } finally {
    await runtime.close()
  }
}
