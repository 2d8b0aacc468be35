import { AGENT_TIERS, type AgentTier } from '@loyaltykit/engine'
import type { Command } from '../command'
import { formatAgentKeySecret } from '../format-agent-key-secret'
import { parseNumberOption, requireOption, splitList } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['agent-key', 'create']

export const agentKeyCreateCommand: Command = {
  path,
  summary: 'Create an agent API key (id and secret shown once; secret stored encrypted)',
  help: `--name NAME --tier free|pro|enterprise [--can-onboard] [--can-manage-program] [--brand ID ...] [--rate N] [--json]

Creates a key for the agent REST API (docs/agent-api.md) and prints its id and HMAC secret ONCE: the
secret is stored encrypted under the master key and never shown again (rotate the key to get a new
one). Agents sign requests with X-LOYALTY-Agent-Key, X-LOYALTY-Timestamp and X-LOYALTY-Signature.

Options:
  --name NAME              What the key is for (required)
  --tier TIER              free, pro or enterprise (required; /converse needs pro or enterprise)
  --can-onboard            May onboard brands and manage their keys (/onboarding/*)
  --can-manage-program     May create and change event rules and perks (/brands/:id/events, /perks)
  --brand ID               Brands the key may write for (repeatable or comma-separated; default every brand)
  --rate N                 Signed requests per minute (default: LOYALTYKIT_AGENT_RATE_LIMIT_PER_MIN, 20)
  --json                   Print {"id", "secret", "key"} as JSON
  -h, --help               Show this help`,
  options: {
    name: { type: 'string' },
    tier: { type: 'string' },
    'can-onboard': { type: 'boolean' },
    'can-manage-program': { type: 'boolean' },
    brand: { type: 'string', multiple: true },
    rate: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const name = requireOption(values.name as string | undefined, 'name', path)
    const tier = requireOption(values.tier as string | undefined, 'tier', path)
    if (!AGENT_TIERS.includes(tier as AgentTier)) {
      throw new UsageError(`--tier must be one of ${AGENT_TIERS.join(', ')}, got "${tier}"`, path, 'tier')
    }
    const rate = parseNumberOption(values.rate as string | undefined, 'rate', path, { integer: true })
    const brandScope = ((values.brand as string[] | undefined) ?? []).flatMap(splitList)
    const { key, secret } = await withDataRuntime(io, (rt) =>
      rt.engine.agent.createKey({
        name,
        tier: tier as AgentTier,
        canOnboard: values['can-onboard'] === true,
        canManageProgram: values['can-manage-program'] === true,
        ...(brandScope.length > 0 ? { brandScope } : {}),
        ...(rate === undefined ? {} : { rateLimitPerMinute: rate }),
      }),
    )
    if (values.json) {
      writeJson(io.stdout, { id: key.id, secret, key })
      return 0
    }
    io.stdout.write(formatAgentKeySecret('Agent key created', key, secret))
    return 0
  },
}
