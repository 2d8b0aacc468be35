import { z } from 'zod'
import { requireBrand } from '../../brands/require-brand'
import { rotateSecurityKey } from '../../brands/rotate-security-key'
import { AgentForbiddenError } from '../agent-forbidden-error'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'

/** #21 POST /onboarding/keys: the onboarding agent checks, rotates or revokes a brand's keys. */
export const manageKeysTool = defineAgentTool({
  name: 'loyalty_agent_manage_keys',
  title: 'Manage brand keys',
  description:
    "For a brand this key onboarded: `status` shows whether the brand has a security key and when it was set, and its API keys (prefix, scopes, revoked); `rotate` replaces the security key; `revoke` revokes the brand's secret API keys (not its public DNS key). No key is ever answered: the operator reads new ones with `loyaltykit brand keys`. Needs canOnboard.",
  method: 'POST',
  path: '/onboarding/keys',
  auth: 'signed',
  permission: 'canOnboard',
  group: 'growth',
  input: z.object({
    action: z.enum(['rotate', 'revoke', 'status'], { error: 'must be rotate, revoke or status' }),
    brandId: agentInputs.brandId,
  }),
  output: z.object({
    brandId: z.string(),
    action: z.enum(['rotate', 'revoke', 'status']),
    securityKey: z.object({ present: z.boolean(), rotatedAt: z.number().nullable() }),
    apiKeys: z.array(
      z.object({
        prefix: z.string(),
        scopes: z.array(z.string()),
        createdAt: z.number(),
        revokedAt: z.number().nullable(),
      }),
    ),
    /** API keys this call revoked (revoke only). */
    revoked: z.number().int(),
    retrieval: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler(ctx, input, caller) {
    const brand = await requireBrand(ctx.storage, input.brandId)
    const keyId = caller.kind === 'agent' ? caller.key.id : undefined
    if (!keyId || brand.onboardedByAgentKeyId !== keyId) {
      throw new AgentForbiddenError('This agent key did not onboard this brand', 'brand_scope', {
        brandIds: [brand.id],
      })
    }
    let revoked = 0
    if (input.action === 'rotate') await rotateSecurityKey(ctx, { brandId: brand.id })
    if (input.action === 'revoke') {
      const now = ctx.clock.now()
      for (const key of await ctx.storage.apiKeys.listForBrand(brand.id)) {
        const secret = key.scopes.some((s) => s !== 'dns')
        if (secret && key.revokedAt === null && (await ctx.storage.apiKeys.revoke(key.id, now))) revoked++
      }
    }
    if (input.action !== 'status') {
      ctx.logger.info({ brandId: brand.id, agentKeyId: keyId, action: input.action, revoked }, 'brand keys managed')
    }
    const [setAt, apiKeys] = await Promise.all([
      ctx.storage.apiKeys.getSecretSetAt(brand.id, 'security_key'),
      ctx.storage.apiKeys.listForBrand(brand.id),
    ])
    return {
      brandId: brand.id,
      action: input.action,
      securityKey: { present: setAt !== undefined, rotatedAt: setAt ?? null },
      apiKeys: apiKeys.map((k) => ({
        prefix: k.prefix,
        scopes: k.scopes,
        createdAt: k.createdAt,
        revokedAt: k.revokedAt,
      })),
      revoked,
      retrieval: `loyaltykit brand keys --brand ${brand.id}`,
    }
  },
})
