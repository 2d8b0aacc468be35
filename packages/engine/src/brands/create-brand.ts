import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { agentKeyIdSchema } from '../agent/agent-key-id-schema'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { Brand } from '../ports/brand-store'
import { DEFAULT_EVENT_RULES } from '../rules/default-event-rules'
import { newEventRule } from '../rules/new-event-rule'
import { brandIdSchema } from '../schemas/brand-id'
import { websiteOriginSchema } from '../schemas/website-origin'
import { brandProfileSchema } from './brand-profile-schema'
import { issueApiKey } from './issue-api-key'
import { issueSecurityKey } from './issue-security-key'

export const createBrandParametersSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  /** http(s) URLs; stored as their origins, duplicates removed. May be empty. */
  websites: z.array(websiteOriginSchema).max(100),
  /** The brand's own address (its perks' points go there); absent: a fresh random one. Taken → 409 BRAND_EXISTS. */
  id: z.string().trim().toLowerCase().pipe(brandIdSchema).optional(),
  category: brandProfileSchema.category.optional(),
  description: brandProfileSchema.description.optional(),
  contactEmail: brandProfileSchema.contactEmail.optional(),
  /** Set by the agent API's onboard_brand: the key that onboarded the brand. */
  onboardedByAgentKeyId: agentKeyIdSchema.optional(),
})

export type CreateBrandParameters = z.input<typeof createBrandParametersSchema>

export type CreateBrandReturnType = {
  brand: Brand
  /**
   * Shown once: only the keys' hashes and the security key's ciphertext are stored. `apiKey` is a
   * secret for the brand's servers; `dnsKey` is meant to be PUBLIC (the `_loyalty.<domain>` TXT record)
   * and can do nothing but prove the brand in verify-dns.
   */
  keys: { securityKey: string; apiKey: string; dnsKey: string }
}

/** Scopes of the secret API key a brand gets at creation: constraint invalidation and trusted events. */
const BRAND_API_KEY_SCOPES = ['constraints', 'events'] as const

/**
 * Creates a brand with a fresh random id (a lowercase 0x address) unless `id` is given, its profile
 * (category, description, contact email), the six default event rules, a
 * security key (stored encrypted), a secret API key and a public DNS key (stored hashed), all in one
 * transaction.
 */
export async function createBrand(ctx: EngineContext, params: CreateBrandParameters): Promise<CreateBrandReturnType> {
  const p = parseInput(createBrandParametersSchema, params, 'Invalid brand')
  const now = ctx.clock.now()
  const brand: Brand = {
    id: p.id ?? `0x${randomBytes(20).toString('hex')}`,
    name: p.name,
    websites: [...new Set(p.websites)],
    createdAt: now,
    category: p.category ?? null,
    description: p.description ?? null,
    contactEmail: p.contactEmail ?? null,
    onboardedByAgentKeyId: p.onboardedByAgentKeyId ?? null,
    updatedAt: now,
  }

  const keys = await ctx.storage.transaction(async (tx) => {
    await tx.brands.create(brand)
    for (const { eventType, rewardAmount } of DEFAULT_EVENT_RULES) {
      await tx.rules.upsert(newEventRule({ brandId: brand.id, eventType, rewardAmount, now }))
    }
    const securityKey = await issueSecurityKey(ctx, tx, brand.id)
    const { apiKey } = await issueApiKey(ctx, tx, { brandId: brand.id, scopes: [...BRAND_API_KEY_SCOPES] })
    const { apiKey: dnsKey } = await issueApiKey(ctx, tx, { brandId: brand.id, scopes: ['dns'] })
    return { securityKey, apiKey, dnsKey }
  })
  ctx.logger.info({ brandId: brand.id }, 'brand created')
  return { brand, keys }
}
