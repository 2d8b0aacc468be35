import { z } from 'zod'
import { requireBrand } from '../brands/require-brand'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { AGENT_TIERS, type AgentKeyRecord, type AgentTier } from '../ports/agent-key-store'
import { brandIdSchema } from '../schemas/brand-id'
import { type AgentKeyView, toAgentKeyView } from './agent-key-view'
import { newAgentSecret } from './new-agent-secret'

export const createAgentKeyParametersSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  tier: z.enum(AGENT_TIERS as [AgentTier, ...AgentTier[]]),
  canOnboard: z.boolean().default(false),
  canManageProgram: z.boolean().default(false),
  /** Brands the key may write for; absent or empty = every brand. Each must exist. */
  brandScope: z.array(z.string().trim().toLowerCase().pipe(brandIdSchema)).max(100).optional(),
  /** Signed requests per minute; absent = the server's default (20). */
  rateLimitPerMinute: z.number().int().min(1).max(100_000).optional(),
})

export type CreateAgentKeyParameters = z.input<typeof createAgentKeyParametersSchema>

export type CreateAgentKeyReturnType = {
  key: AgentKeyView
  /** Shown once: only its KeyVault ciphertext is stored. */
  secret: string
}

/** Creates an agent API key (docs/agent-api.md#keys): the id and secret are answered once. */
export async function createAgentKey(
  ctx: EngineContext,
  params: CreateAgentKeyParameters,
): Promise<CreateAgentKeyReturnType> {
  const p = parseInput(createAgentKeyParametersSchema, params, 'Invalid agent key')
  const brandScope = p.brandScope?.length ? [...new Set(p.brandScope)] : null
  for (const brandId of brandScope ?? []) await requireBrand(ctx.storage, brandId)
  const secret = newAgentSecret('secret')
  const record: AgentKeyRecord = {
    id: newAgentSecret('id'),
    name: p.name,
    secretCiphertext: ctx.keyVault.encrypt(secret),
    tier: p.tier,
    canOnboard: p.canOnboard,
    canManageProgram: p.canManageProgram,
    brandScope,
    rateLimitPerMinute: p.rateLimitPerMinute ?? null,
    createdAt: ctx.clock.now(),
    rotatedAt: null,
    revokedAt: null,
    lastUsedAt: null,
  }
  await ctx.storage.agentKeys.create(record)
  ctx.logger.info({ agentKeyId: record.id, tier: record.tier }, 'agent key created')
  return { key: toAgentKeyView(record), secret }
}
