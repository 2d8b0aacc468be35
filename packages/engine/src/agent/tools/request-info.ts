import { z } from 'zod'
import { emailSchema } from '../../schemas/email'
import { defineAgentTool } from '../agent-tool'

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
const noControl = /^[^\u0000-\u001f\u007f]*$/

/** An http(s) URL or a bare domain (`shop.example`), answered as a URL. */
const websiteSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048, 'must be at most 2048 characters')
  .transform((v, c) => {
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`)
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return url.href
    } catch {}
    c.addIssue({ code: 'custom', message: 'must be an http(s) URL or a domain' })
    return z.NEVER
  })

/** #19 POST /growth/request-info: a business asks to join the network. */
export const requestInfoTool = defineAgentTool({
  name: 'loyalty_agent_request_info',
  title: 'Request information',
  description:
    'Records that a business wants to join the loyalty network (its name, contact email, website and industry) so the operator can follow up. Asking again with the same email and website host records nothing new and answers the first lead.',
  method: 'POST',
  path: '/growth/request-info',
  auth: 'public',
  group: 'growth',
  input: z.object({
    businessName: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters')
      .regex(noControl, 'must not contain control characters'),
    contactEmail: emailSchema,
    website: websiteSchema.optional(),
    industry: z.string().trim().toLowerCase().min(1).max(100).regex(noControl).optional(),
  }),
  output: z.object({
    leadId: z.string(),
    /** False when a lead with this email and website host existed (it is answered unchanged). */
    created: z.boolean(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const websiteHost = input.website ? new URL(input.website).hostname.replace(/^www\./, '') : ''
    const { lead, created } = await ctx.storage.growthLeads.record({
      id: ctx.ids.uuid(),
      businessName: input.businessName,
      contactEmail: input.contactEmail,
      website: input.website ?? null,
      websiteHost,
      industry: input.industry ?? null,
      createdAt: ctx.clock.now(),
    })
    if (created) ctx.logger.info({ leadId: lead.id }, 'growth lead recorded')
    return { leadId: lead.id, created }
  },
})
