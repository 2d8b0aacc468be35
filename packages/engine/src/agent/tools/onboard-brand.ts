import { z } from 'zod'
import { brandProfileSchema } from '../../brands/brand-profile-schema'
import { createBrand } from '../../brands/create-brand'
import { websiteOriginSchema } from '../../schemas/website-origin'
import { agentInputs } from '../agent-inputs'
import { defineAgentTool } from '../agent-tool'
import { brandSummary, brandSummarySchema } from '../brand-summary'

/** #20 POST /onboarding/brands: an agent onboards a business as a brand. */
export const onboardBrandTool = defineAgentTool({
  name: 'loyalty_agent_onboard_brand',
  title: 'Onboard a brand',
  description:
    "Creates a brand for a business at its own address (brandAddress): its profile (name, contact email, website, category, description), the six default reward events and its keys. The keys are never answered: the brand's operator reads them with `loyaltykit brand keys`. An existing brand is refused. Needs canOnboard; this key may then manage the brand's keys (manage_keys).",
  method: 'POST',
  path: '/onboarding/brands',
  auth: 'signed',
  permission: 'canOnboard',
  group: 'growth',
  input: z.object({
    brandAddress: agentInputs.brandId,
    businessName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    contactEmail: brandProfileSchema.contactEmail,
    website: websiteOriginSchema.optional(),
    category: agentInputs.category.optional(),
    description: brandProfileSchema.description.optional(),
  }),
  output: z.object({
    brand: brandSummarySchema.extend({ contactEmail: z.string(), onboardedByAgentKeyId: z.string() }),
    credentials: z.object({ issued: z.literal(true), retrieval: z.string() }),
    nextSteps: z.array(z.string()),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(ctx, input, caller) {
    const agentKeyId = caller.kind === 'agent' ? caller.key.id : undefined
    const { brand } = await createBrand(ctx, {
      id: input.brandAddress,
      name: input.businessName,
      websites: input.website ? [input.website] : [],
      contactEmail: input.contactEmail,
      ...(input.category ? { category: input.category } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(agentKeyId ? { onboardedByAgentKeyId: agentKeyId } : {}),
    })
    const { summary } = await brandSummary(ctx, brand)
    return {
      brand: { ...summary, contactEmail: input.contactEmail, onboardedByAgentKeyId: agentKeyId ?? '' },
      credentials: { issued: true as const, retrieval: `loyaltykit brand keys --brand ${brand.id}` },
      nextSteps: [
        `The brand's operator runs \`loyaltykit brand keys --brand ${brand.id}\` on the server to read its security key and API keys.`,
        'Add the website that sends events (`loyaltykit brand create` websites, or the dashboard) if none was given.',
        'Review the six default reward events (GET /brands/:brandId) and add perks (POST /brands/:brandId/perks).',
      ],
    }
  },
})
