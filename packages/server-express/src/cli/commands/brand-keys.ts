import { NotFoundError } from '@loyaltykit/engine'
import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['brand', 'keys']

export const brandKeysCommand: Command = {
  path,
  summary: "Show a brand's security key (perk-charge HMAC key) and API keys; --rotate issues a new security key",
  help: `--brand ID [--rotate] [--json]

Prints the brand's security key, the HMAC key that signs perk-charge requests (/redeem-perk,
/check-perk-status, /list-perk-holders; see docs/perks.md). It is stored encrypted under the master
key, so it can be shown again here; treat this output as a secret. API keys are stored hashed: only
their prefixes and scopes are listed.

--rotate replaces the security key with a new one: requests signed with the old key are refused
from then on.

Options:
  --brand ID   brandId (required)
  --rotate     Issue a new security key (the old one stops working)
  --json       Print {"brandId", "securityKey", "rotated", "apiKeys": [...]} as JSON
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, rotate: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path).toLowerCase()
    const rotated = values.rotate === true
    const result = await withDataRuntime(io, async (rt) => {
      const brand = await rt.engine.brands.get({ brandId })
      const securityKey = rotated
        ? (await rt.engine.brands.rotateSecurityKey({ brandId })).securityKey
        : await rt.engine.brands.getSecurityKey({ brandId })
      if (securityKey === undefined) {
        throw new NotFoundError(
          `Brand ${brandId} has no security key; issue one with --rotate`,
          'SECURITY_KEY_NOT_FOUND',
          {
            brandId,
          },
        )
      }
      const apiKeys = (await rt.engine.apiKeys.list({ brandId })).map((k) => ({
        id: k.id,
        prefix: k.prefix,
        scopes: k.scopes,
        createdAt: new Date(k.createdAt).toISOString(),
        revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt).toISOString(),
      }))
      return { brandId: brand.id, securityKey, rotated, apiKeys }
    })
    if (values.json) {
      writeJson(io.stdout, result)
      return 0
    }
    io.stdout.write(
      [
        `Keys of brand ${result.brandId}`,
        `  security key: ${result.securityKey}${rotated ? '   (NEW: the previous key no longer works)' : ''}`,
        '    signs perk-charge requests (X-LOYALTY-Brand-Id / -Timestamp / -Signature); keep it secret',
        `  API keys (${result.apiKeys.length}, stored hashed: prefixes only):`,
        ...result.apiKeys.map(
          (k) =>
            `    ${k.prefix}…  ${k.scopes.join(',')}  created ${k.createdAt}${k.revokedAt ? `  REVOKED ${k.revokedAt}` : ''}`,
        ),
        '',
      ].join('\n'),
    )
    return 0
  },
}
