import { ConfigError, ConflictError } from '@loyaltykit/engine'
import { createPublicClient } from 'viem'
import { deployRpcContracts } from '../../chain/deploy-rpc-contracts'
import { rpcTransport } from '../../chain/open-rpc-chain'
import { rpcContractsSetting } from '../../chain/rpc-contract-addresses'
import type { Command } from '../command'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['contracts', 'deploy']

export const contractsDeployCommand: Command = {
  path,
  summary: 'Deploy the contracts to LOYALTYKIT_RPC_URL and print their addresses',
  help: `[--force] [--json]

Deploys PointsToken, PerkCollection, PointsSale and BusinessEscrow to the chain at LOYALTYKIT_RPC_URL,
paid by LOYALTYKIT_DEPLOYER_KEY (default: LOYALTYKIT_MINTER_KEY), which becomes their admin; grants
MINTER_ROLE to the minter (LOYALTYKIT_MINTER_KEY) and RELAYER_ROLE/OPERATOR_ROLE to the relayer
(LOYALTYKIT_RELAYER_KEY, default the minter). The addresses are stored in the database, where
\`loyaltykit start\` finds them, and printed. The embedded dev chain needs none of this.

Options:
  --force      Deploy again although this database already holds addresses for that chain
               (the server then uses the NEW contracts; balances on the old token stay there)
  --json       Print {"chainId", "deployer", "relayer", "contracts": {...}} as JSON
  -h, --help   Show this help`,
  options: { force: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    if (!io.config.chain.rpcUrl) {
      throw new ConfigError(
        'invalid configuration: LOYALTYKIT_RPC_URL is required to deploy contracts (the embedded chain deploys its own)',
      )
    }
    const result = await withDataRuntime(io, async (rt) => {
      const rpcUrl = rt.config.chain.rpcUrl as string
      const chainId = await createPublicClient({ transport: rpcTransport(rpcUrl) }).getChainId()
      const existing = await rt.storage.settings.get(rpcContractsSetting(chainId))
      if (existing !== undefined && !values.force) {
        // A refusal of this state, not a mistake in the command line: exit 1, not 2.
        throw new ConflictError(
          `this database already holds contract addresses for chain ${chainId} (${JSON.parse(existing).pointsToken} is the token); pass --force to deploy new ones`,
          'CONTRACTS_ALREADY_DEPLOYED',
          { chainId },
        )
      }
      return deployRpcContracts({
        config: rt.config.chain,
        storage: rt.storage,
        logger: rt.logger,
        onTransaction: (step, hash) => {
          if (!values.json) io.stderr.write(`  mined ${step} (${hash})\n`)
        },
      })
    })
    if (values.json) {
      writeJson(io.stdout, result)
      return 0
    }
    const c = result.contracts
    io.stdout.write(
      [
        `Contracts deployed on chain ${result.chainId} by ${result.deployer}:`,
        `  pointsToken:    ${c.pointsToken}`,
        `  perkCollection: ${c.perkCollection}`,
        `  pointsSale:     ${c.pointsSale}`,
        `  businessEscrow: ${c.businessEscrow}`,
        `Relayer account: ${result.relayer} (pays relayed gas; the permit spender of a relayed transferFrom)`,
        '',
        'Stored in the database; `loyaltykit start` with the same LOYALTYKIT_RPC_URL and DATABASE_URL uses them.',
        '',
      ].join('\n'),
    )
    return 0
  },
}
