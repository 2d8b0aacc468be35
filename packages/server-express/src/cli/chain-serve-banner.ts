import { formatEther } from 'viem'
import type { ServedDevChain } from '../runtime/serve-dev-chain'
import { SERVER_VERSION } from '../server-version'
import { formatTable } from './format-table'

/** What `loyaltykit chain serve` prints on stdout once the chain answers (as `hardhat node` does). */
export function chainServeBanner(s: ServedDevChain): string {
  const { runtime, serverAccounts: server } = s
  const database =
    runtime.storage.dialect === 'sqlite' ? `SQLite in ${runtime.config.storage.dataDir}` : 'PostgreSQL (DATABASE_URL)'
  const state = s.deployed
    ? 'a new chain: contracts deployed'
    : `${s.replay.entries} journal entries replayed, block ${s.replay.head}`
  const eth = (wei: bigint) => `${formatEther(wei)} ETH`
  const lines = [
    `loyaltykit ${SERVER_VERSION} dev chain listening on ${s.rpcUrl}`,
    `  chain id: ${s.chainId}`,
    `  database: ${database} (${state})`,
    '',
    'Contracts:',
    formatTable(Object.entries(s.contracts).map(([name, address]) => [`  ${name}`, address])).trimEnd(),
    '',
    'Accounts the loyaltykit servers sign with (do not send from them yourself: the servers keep their nonces):',
    formatTable([
      ['  minter', server.minter.address, 'MINTER_ROLE', `private key ${server.minter.privateKey}`],
      [
        '  relayer',
        server.relayer.address,
        'RELAYER_ROLE, OPERATOR_ROLE, CLAWBACK_ROLE',
        `private key ${server.relayer.privateKey}`,
      ],
      ['  deployer', server.deployer.address, 'admin of every contract', `private key ${server.deployer.privateKey}`],
    ]).trimEnd(),
    '',
    'Dev accounts (funded, yours to use):',
    formatTable(
      s.devAccounts.map((a, i) => [`  #${i}`, a.address, `(${eth(a.balance)})`, `private key ${a.privateKey}`]),
    ).trimEnd(),
    '',
    'WARNING: DEVELOPMENT ONLY. These private keys are printed in clear and kept in this database: whoever',
    'reads them controls the accounts. Never send anything of value to them, on this chain or any other.',
    '',
    'Start each loyaltykit server sharing this chain with these variables (and every server on one',
    'database, e.g. one DATABASE_URL):',
    '',
    ...Object.entries(s.serverEnv).map(([name, value]) => `${name}=${value}`),
    '',
    'Ctrl-C stops it; its state stays in its database and comes back at the next start.',
  ]
  return `${lines.join('\n')}\n`
}
