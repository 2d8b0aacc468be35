import { agentSignatureHeaders } from '../agent-signature-headers'
import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { writeJson } from '../write-json'

const path = ['agent-key', 'sign']

export const agentKeySignCommand: Command = {
  path,
  summary: 'Print the signature headers of one agent API request (for curl)',
  help: `--path PATH [--method GET] [--body JSON] [--id KEY_ID] [--json]

Signs one request to the agent API as the server checks it (docs/agent-api.md#signing) and prints
its three headers, one per line, for \`curl -H @<(loyaltykit agent-key sign …)\`. The secret is read
from LOYALTYKIT_AGENT_SECRET (never a flag: it would stay in the shell history and the process list);
the key id from --id or LOYALTYKIT_AGENT_KEY_ID. Opens no database. A signature is accepted once:
sign each request anew, and put a nonce in the query when the same request is sent twice in a second.

Options:
  --path PATH      Path and query exactly as sent, base path included (/api/v1/network/info?nonce=1) (required)
  --method METHOD  GET, POST or PATCH (default GET)
  --body JSON      The raw body exactly as sent (default: none, the empty string is hashed)
  --id KEY_ID      The key's id, lak_… (default: LOYALTYKIT_AGENT_KEY_ID)
  --json           Print the headers as one JSON object
  -h, --help       Show this help`,
  options: {
    path: { type: 'string' },
    method: { type: 'string' },
    body: { type: 'string' },
    id: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const requestPath = requireOption(values.path as string | undefined, 'path', path)
    if (!requestPath.startsWith('/')) throw new UsageError('--path must start with /', path, 'path')
    const method = ((values.method as string | undefined) ?? 'GET').toUpperCase()
    if (!['GET', 'POST', 'PATCH'].includes(method)) throw new UsageError('--method must be GET, POST or PATCH', path)
    const { signingKey } = io.config.agent
    const keyId = requireOption((values.id as string | undefined) ?? signingKey.keyId, 'id', path)
    const { secret } = signingKey
    if (!secret) throw new UsageError('set LOYALTYKIT_AGENT_SECRET to the key’s secret (lks_…)', path)
    const headers = agentSignatureHeaders(
      { keyId, secret },
      { method, pathWithQuery: requestPath, body: (values.body as string | undefined) ?? '' },
    )
    if (values.json) writeJson(io.stdout, headers)
    else for (const [name, value] of Object.entries(headers)) io.stdout.write(`${name}: ${value}\n`)
    return 0
  },
}
