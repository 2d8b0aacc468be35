import { createLogger } from '../../logging/create-logger'
import { isTerminal } from '../../logging/pretty-log-stream'
import { installShutdownHandlers } from '../../runtime/install-shutdown-handlers'
import { startServer } from '../../runtime/start-server'
import type { Command } from '../command'
import { startBanner } from '../start-banner'

export const startCommand: Command = {
  path: ['start'],
  summary: 'Start the server (migrates, opens the chain, creates a demo brand on a fresh data folder)',
  help: `

Starts everything from the environment and ./.env (see docs/configuration.md): the database (SQLite file in
LOYALTYKIT_DATA_DIR, or DATABASE_URL), migrations, the chain (embedded dev chain, or
LOYALTYKIT_RPC_URL), the minter and the HTTP server on PORT (default 3000). On a database without
brands it creates a demo brand and prints its brandId and keys once. Stops cleanly on SIGINT/SIGTERM.

Logs go to stderr: JSON lines, or readable lines (pino-pretty) when stderr is a terminal; stdout
carries this banner only.

Options:
  -h, --help   Show this help`,
  options: {},
  async run({ io }) {
    const { config } = io
    const logger = createLogger({
      level: config.server.logLevel ?? 'info',
      destination: io.stderr,
      pretty: isTerminal(io.stderr),
    })
    const running = await startServer({ config, logger })
    installShutdownHandlers(() => running.close(), logger)
    io.stdout.write(startBanner(running))
    return 0
  },
}
