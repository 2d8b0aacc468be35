import { createLogger } from '../../logging/create-logger'
import { isTerminal } from '../../logging/pretty-log-stream'
import { installShutdownHandlers } from '../../runtime/install-shutdown-handlers'
import { serveDevChain } from '../../runtime/serve-dev-chain'
import { chainServeBanner } from '../chain-serve-banner'
import type { Command } from '../command'
import { parseNumberOption } from '../parse-options'
import { UsageError } from '../usage-error'

const path = ['chain', 'serve']

export const chainServeCommand: Command = {
  path,
  summary: 'Run the embedded dev chain as a local JSON-RPC node that several servers can share',
  help: `[--port N] [--host HOST]

Runs the embedded dev chain of this data folder / DATABASE_URL (journaled in the database: its state
survives a restart) as a JSON-RPC node over HTTP, and prints its chain id, URL, contract addresses,
the accounts the servers sign with and funded dev accounts, with their private keys (DEVELOPMENT
ONLY), then the exact variables a loyaltykit server needs to use it (LOYALTYKIT_RPC_URL, the minter
and relayer keys, the contract addresses). Several servers on one database can then share one dev
chain. It holds the embedded chain's lock: a second \`chain serve\` (or an embedded \`start\`) on the
same data folder is refused. Stops cleanly on SIGINT/SIGTERM. Not with LOYALTYKIT_RPC_URL set.

Options:
  --port N      TCP port (default 8545; 0 picks a free one)
  --host HOST   Interface to listen on (default 127.0.0.1, loopback only; 0.0.0.0 exposes the keys' chain to the network)
  -h, --help    Show this help`,
  options: { port: { type: 'string' }, host: { type: 'string' } },
  async run({ values, io }) {
    const port = parseNumberOption(values.port as string | undefined, 'port', path, { integer: true }) ?? 8545
    if (port < 0 || port > 65_535) throw new UsageError(`--port must be 0 to 65535, got ${port}`, path, 'port')
    const host = (values.host as string | undefined) ?? '127.0.0.1'
    if (host.trim() === '') throw new UsageError('--host must not be empty', path, 'host')
    const { config } = io
    const logger = createLogger({
      level: config.server.logLevel ?? 'info',
      destination: io.stderr,
      pretty: isTerminal(io.stderr),
    })
    const served = await serveDevChain({ config, logger, port, host })
    installShutdownHandlers(() => served.close(), logger)
    io.stdout.write(chainServeBanner(served))
    return 0
  },
}
