import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['operator-key', 'revoke']

export const operatorKeyRevokeCommand: Command = {
  path,
  summary: 'Revoke an operator key (its next admin request is refused)',
  help: `--id KEY_ID [--json]

Revokes the operator key (its id from \`loyaltykit operator-key list\`). Exits 1 when the key is
unknown or was already revoked.

Options:
  --id KEY_ID   The key's id, opk_… (required)
  --json        Print {"revoked": true|false}
  -h, --help    Show this help`,
  options: { id: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const id = requireOption(values.id as string | undefined, 'id', path)
    const { revoked } = await withDataRuntime(io, (rt) => rt.engine.admin.revokeOperatorKey({ id }))
    if (values.json) writeJson(io.stdout, { revoked })
    else io.stdout.write(revoked ? `Revoked operator key ${id}\n` : `No active operator key ${id}\n`)
    return revoked ? 0 : 1
  },
}
