import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['operator-key', 'create']

export const operatorKeyCreateCommand: Command = {
  path,
  summary: 'Create an operator key for the admin API (every brand; shown once, stored hashed)',
  help: `--name NAME [--json]

Creates an operator key for the admin API (/admin/v1, docs/admin-api.md) and prints its id and secret
ONCE: only the secret's SHA-256 hash is stored. An operator key manages every brand (create brands,
their rules, keys, webhooks); brands manage themselves with API keys of scope admin:read/admin:write.

Options:
  --name NAME   What the key is for (required)
  --json        Print {"id", "secret", "key"} as JSON
  -h, --help    Show this help`,
  options: { name: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const name = requireOption(values.name as string | undefined, 'name', path)
    const { key, secret } = await withDataRuntime(io, (rt) => rt.engine.admin.createOperatorKey({ name }))
    if (values.json) {
      writeJson(io.stdout, { id: key.id, secret, key })
      return 0
    }
    io.stdout.write(
      [
        `Operator key created: ${key.name}`,
        `  id:  ${key.id}`,
        '',
        'Secret (shown once; store it now, it cannot be shown again):',
        `  ${secret}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
