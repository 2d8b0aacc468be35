import { UnavailableError } from '@loyaltykit/engine'
import type { Command } from '../command'

export const contractsDeployCommand: Command = {
  path: ['contracts', 'deploy'],
  summary: 'Deploy the contracts to LOYALTYKIT_RPC_URL and print their addresses',
  help: `[--json]

Needs LOYALTYKIT_RPC_URL and a deployer key (LOYALTYKIT_DEPLOYER_KEY, else LOYALTYKIT_MINTER_KEY).

Options:
  --json       Print the addresses as JSON
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' } },
  async run() {
    throw new UnavailableError('contracts deploy is not available yet in this build', 'NOT_IMPLEMENTED')
  },
}
