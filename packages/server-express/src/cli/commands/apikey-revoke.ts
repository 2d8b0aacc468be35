import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['apikey', 'revoke']

export const apikeyRevokeCommand: Command = {
  path,
  summary: 'Revoke an API key by id (it stops working at once)',
  help: `--id KEY_ID [--json]

Revokes the API key (its id from \`loyaltykit apikey list\`). Exits 1 when the key is unknown or was
already revoked.

Options:
  --id KEY_ID   The key's id (required)
  --json        Print {"revoked": true|false}
  -h, --help    Show this help`,
  options: { id: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const id = requireOption(values.id as string | undefined, 'id', path)
    const { revoked } = await withDataRuntime(io, (rt) => rt.engine.apiKeys.revoke({ id }))
    if (values.json) writeJson(io.stdout, { revoked })
    else io.stdout.write(revoked ? `Revoked API key ${id}\n` : `No active API key ${id}\n`)
    return revoked ? 0 : 1
  },
}
