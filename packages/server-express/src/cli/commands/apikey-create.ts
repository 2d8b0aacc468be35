import type { ApiKeyScope } from '@loyaltykit/engine'
import type { Command } from '../command'
import { requireOption, splitList } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['apikey', 'create']
const SCOPES: readonly ApiKeyScope[] = [
  'constraints',
  'dns',
  'events',
  'members_read',
  'perk_charges',
  'agent',
  'site',
  'admin:read',
  'admin:write',
]

export const apikeyCreateCommand: Command = {
  path,
  summary: 'Create a bearer API key for a brand (shown once, stored hashed)',
  help: `--brand ID --scope SCOPE [--scope SCOPE2 ...] [--json]

Creates a bearer API key for the brand and prints it ONCE: only its SHA-256 hash is stored, so it
cannot be shown again (create another one and revoke the old one instead).

Scopes:
  constraints   Constraint-cache invalidation (POST /constraint-updater/invalidate-external-api)
  dns           The _loyalty.<domain> TXT record of verify-dns
  events        The brand's own servers: trusted events (manual-event, bulk-events,
                check-eligibility) and the member reads
  members_read  The member reads only: GET /loyalty-api/members/…, …/history, /loyalty-api/events
  site          The upstream site API only (a site plugin's key): /loyalty-api/site/…
  admin:read    The admin API's reads of the key's brand (GET /admin/v1/…, docs/admin-api.md)
  admin:write   Every admin API route of the key's brand (reads too)
  perk_charges, agent   Reserved for those surfaces

Options:
  --brand ID       brandId (required)
  --scope SCOPE    What the key may be used for (repeatable or comma-separated; at least one)
  --json           Print {"apiKey", "id", "brandId", "scopes", "prefix", "createdAt"} as JSON
  -h, --help       Show this help`,
  options: { brand: { type: 'string' }, scope: { type: 'string', multiple: true }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const scopes = ((values.scope as string[] | undefined) ?? []).flatMap(splitList)
    if (scopes.length === 0) throw new UsageError('at least one --scope is required', path)
    const unknown = scopes.filter((s) => !SCOPES.includes(s as ApiKeyScope))
    if (unknown.length > 0) {
      throw new UsageError(`unknown scope ${unknown.join(', ')} (scopes: ${SCOPES.join(', ')})`, path)
    }
    const { apiKey, record } = await withDataRuntime(io, (rt) =>
      rt.engine.apiKeys.create({ brandId, scopes: scopes as ApiKeyScope[] }),
    )
    if (values.json) {
      writeJson(io.stdout, {
        apiKey,
        id: record.id,
        brandId: record.brandId,
        scopes: record.scopes,
        prefix: record.prefix,
        createdAt: record.createdAt,
      })
      return 0
    }
    io.stdout.write(
      [
        `API key created for ${record.brandId}`,
        `  id:      ${record.id}`,
        `  scopes:  ${record.scopes.join(', ')}`,
        '',
        'API key (shown once; store it now, it cannot be shown again):',
        `  ${apiKey}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
