import type { Command } from '../command'
import { formatAgentKeySecret } from '../format-agent-key-secret'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['agent-key', 'rotate']

export const agentKeyRotateCommand: Command = {
  path,
  summary: 'Give an agent API key a new secret (shown once; the old one stops working at once)',
  help: `--id KEY_ID [--json]

Replaces the secret of an active agent key and prints the new one ONCE. The id, tier, permissions,
brand scope and rate stay; requests signed with the old secret are refused from now on.

Options:
  --id KEY_ID   The key's id, lak_… (required)
  --json        Print {"id", "secret", "key"} as JSON
  -h, --help    Show this help`,
  options: { id: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const id = requireOption(values.id as string | undefined, 'id', path)
    const { key, secret } = await withDataRuntime(io, (rt) => rt.engine.agent.rotateKey({ id }))
    if (values.json) writeJson(io.stdout, { id: key.id, secret, key })
    else io.stdout.write(formatAgentKeySecret('Agent key rotated', key, secret))
    return 0
  },
}
