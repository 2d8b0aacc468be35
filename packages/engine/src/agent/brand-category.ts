import type { Brand } from '../ports/brand-store'

/**
 * A brand's category (`retail|dining|travel|gaming|other`, docs/agent-api.md "Categories"), or null.
 * Read through here so the agent tools pick the field up when the brands migration adds it.
 */
export function brandCategory(brand: Brand): string | null {
  return (brand as Brand & { category?: string | null }).category ?? null
}
