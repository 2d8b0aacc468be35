import type { ZodOpenApiComponentsObject } from 'zod-openapi'

const header = (name: string, description: string) => ({
  type: 'apiKey' as const,
  in: 'header' as const,
  name,
  description,
})

/** The document's security schemes, one per way of authenticating (api-operation.ts `ApiAuth`). */
export const SECURITY_SCHEMES: NonNullable<ZodOpenApiComponentsObject['securitySchemes']> = {
  brandApiKey: { type: 'http', scheme: 'bearer', description: "The brand's API key (`loyaltykit api-key create`)." },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A user's access token (POST /auth/dev-login or the Privy token): docs/identity.md.",
  },
  adminKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An operator key (`loyaltykit operator-key create`) or a brand API key with scope admin:read or admin:write (docs/admin-api.md).',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'LOYALTYKIT_METRICS_TOKEN when set.' },
  agentKey: header('X-LOYALTY-AGENT-KEY', 'The agent key id (docs/agent-api.md#signing).'),
  brandId: header('X-LOYALTY-BRAND-ID', 'The brand id of a perk-charge call (docs/perks.md).'),
  loyaltyTimestamp: header('X-LOYALTY-TIMESTAMP', 'Unix seconds of the signature.'),
  loyaltySignature: header('X-LOYALTY-SIGNATURE', 'HMAC-SHA256 of the canonical request (docs/agent-api.md#signing).'),
}
