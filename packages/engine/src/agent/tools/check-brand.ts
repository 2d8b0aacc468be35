import { z } from 'zod'
import type { Brand } from '../../ports/brand-store'
import { defineAgentTool } from '../agent-tool'
import { brandSummaries, brandSummarySchema } from '../brand-summary'

/** `https://www.Shop.example/x`, `shop.example` → `shop.example`; undefined when `q` is not a URL or domain. */
function hostOfQuery(q: string): string | undefined {
  if (/\s/.test(q) || !(q.includes('://') || /^[^./]+(\.[^./]+)+(\/.*)?$/.test(q))) return undefined
  try {
    return new URL(q.includes('://') ? q : `https://${q}`).hostname.replace(/^www\./, '')
  } catch {
    return undefined
  }
}

const hostsOf = (b: Brand) => b.websites.map((w) => new URL(w).hostname.replace(/^www\./, ''))

/** #4 GET /brands/check: is a business (name, domain or URL) in the network? */
export const checkBrandTool = defineAgentTool({
  name: 'loyalty_agent_check_brand',
  title: 'Check a brand',
  description:
    'Whether a business is part of the loyalty network, by name, domain or URL: a URL or domain matches a brand website (ignoring www.), a name matches exactly (any case), else by substring. Answers the match, up to 5 candidates, and how to ask to join when there is none.',
  method: 'GET',
  path: '/brands/check',
  auth: 'public',
  group: 'discover',
  input: z.object({ query: z.string().trim().min(1, 'is required').max(2048) }),
  output: z.object({
    found: z.boolean(),
    brand: brandSummarySchema.optional(),
    matches: z.array(brandSummarySchema),
    /** When nothing matched: the tool a business uses to ask to join. */
    join: z.object({ tool: z.string(), route: z.string() }).optional(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx, input) {
    const brands = await ctx.storage.brands.list()
    const host = hostOfQuery(input.query)
    const name = input.query.toLowerCase()
    const exact = host
      ? brands.filter((b) => hostsOf(b).includes(host))
      : brands.filter((b) => b.name.toLowerCase() === name)
    const near = exact.length > 0 ? exact : host ? [] : brands.filter((b) => b.name.toLowerCase().includes(name))
    const matches = await brandSummaries(ctx, near.sort((a, b) => a.name.localeCompare(b.name)).slice(0, 5))
    const [first] = matches
    if (exact.length > 0 && first) return { found: true, brand: first, matches }
    return {
      found: false,
      matches,
      join: { tool: 'loyalty_agent_request_info', route: 'POST /growth/request-info' },
    }
  },
})
