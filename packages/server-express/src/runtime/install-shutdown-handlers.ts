import type { Logger } from '@loyaltykit/engine'

/**
 * On the first SIGINT/SIGTERM, runs `shutdown` once (then the process exits by itself when nothing
 * is left open; the exit code is 0 unless shutdown failed). A second signal exits at once with 130.
 * Returns a function that removes the handlers.
 */
export function installShutdownHandlers(shutdown: () => Promise<void>, logger: Logger): () => void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now')
      process.exit(130)
    }
    stopping = true
    logger.info({ signal }, 'shutting down')
    shutdown().then(
      () => logger.info({}, 'stopped'),
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed')
        process.exitCode = 1
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return () => {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}
