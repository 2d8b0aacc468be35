import type { AgentTool } from '@loyaltykit/engine'
import { z } from 'zod'

/** One input property as the tool's schema describes it (JSON Schema of its parsed side). */
type InputProperty = {
  type?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  items?: InputProperty & { properties?: Record<string, InputProperty> }
}

/** A request of the walk: the path with its parameters filled in and the query (GET) or JSON body. */
export type WalkRequest = { method: AgentTool['method']; path: string; body?: Record<string, unknown> }

/** An input the tool must refuse with 400 `validation` on `field`, and why. */
export type OutOfBounds = { label: string; field: string; input: Record<string, unknown> }

const UNBOUNDED = Number.MAX_SAFE_INTEGER

/** The path parameters of a tool (`/brands/:brandId` → `brandId`). */
export const pathParametersOf = (tool: AgentTool): string[] =>
  [...tool.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string)

/** The top-level properties of a tool's input schema. */
export function inputPropertiesOf(tool: AgentTool): Record<string, InputProperty> {
  const schema = z.toJSONSchema(tool.input, { io: 'output', unrepresentable: 'any' }) as {
    properties?: Record<string, InputProperty>
  }
  return schema.properties ?? {}
}

/**
 * The request for `input` at `base` (`/api/v1`): path parameters in the path, the rest as the query
 * (GET; arrays comma-separated) or the JSON body, and `nonce` as an unknown query key, so two
 * identical calls in one second never share a signature.
 */
export function walkRequest(base: string, tool: AgentTool, input: Record<string, unknown>, nonce: number): WalkRequest {
  const params = pathParametersOf(tool)
  const path = tool.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input[name])))
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !params.includes(k)))
  if (tool.method !== 'GET') return { method: tool.method, path: `${base}${path}?nonce=${nonce}`, body: rest }
  const query = new URLSearchParams({ nonce: String(nonce) })
  for (const [k, v] of Object.entries(rest)) query.set(k, Array.isArray(v) ? v.join(',') : String(v))
  return { method: tool.method, path: `${base}${path}?${query}` }
}

/** `n` distinct brand-id-shaped addresses. */
const addresses = (n: number) => Array.from({ length: n }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)

/**
 * Every out-of-range variant of a valid input, read from the tool's schema (docs/agent-api.md "Rules
 * for every route": refused, never clamped): a value that is not one of an enum's; a number one below
 * its minimum or above its finite maximum (`limit` 0 and max + 1); a list one item short of its
 * minimum or one over its maximum (6 brand ids where 5 is the most). Path parameters excepted.
 */
export function outOfBoundsInputs(tool: AgentTool, valid: Record<string, unknown>): OutOfBounds[] {
  const cases: OutOfBounds[] = []
  const params = pathParametersOf(tool)
  const add = (field: string, label: string, value: unknown) =>
    cases.push({ label: `${field} ${label}`, field, input: { ...valid, [field]: value } })
  for (const [field, p] of Object.entries(inputPropertiesOf(tool))) {
    if (params.includes(field)) continue
    if (p.enum) add(field, 'not in its enum', 'not_a_value')
    if (p.type === 'integer' || p.type === 'number') {
      if (p.minimum !== undefined && p.minimum > -UNBOUNDED) add(field, `below ${p.minimum}`, p.minimum - 1)
      if (p.maximum !== undefined && p.maximum < UNBOUNDED) add(field, `above ${p.maximum}`, p.maximum + 1)
    }
    if (p.type === 'array') {
      const first = Array.isArray(valid[field]) ? (valid[field] as unknown[])[0] : undefined
      const items = (n: number) =>
        p.items?.pattern?.includes('0x') ? addresses(n) : Array.from({ length: n }, () => first)
      if (p.minItems !== undefined && p.minItems > 0) add(field, `with ${p.minItems - 1} items`, items(p.minItems - 1))
      if (p.maxItems !== undefined) add(field, `with ${p.maxItems + 1} items`, items(p.maxItems + 1))
    }
  }
  return cases
}

/**
 * The brands a write names (its `brandId`, or the `brandId` of each item of a list): docs/agent-api.md
 * "Keys": a key's brand scope covers the brands it writes for (events, redemptions, program
 * management); reads are network-wide, and `brandAddress` names the agent's reward or a brand to create.
 */
export function brandsWrittenFor(tool: AgentTool, input: Record<string, unknown>): string[] {
  if (tool.method === 'GET') return []
  const named = new Set<string>()
  if (typeof input.brandId === 'string') named.add(input.brandId.toLowerCase())
  for (const v of Object.values(input)) {
    if (!Array.isArray(v)) continue
    for (const item of v) {
      const brandId = (item as { brandId?: unknown } | null)?.brandId
      if (typeof brandId === 'string') named.add(brandId.toLowerCase())
    }
  }
  return [...named]
}
