/** A business that asked to join the network (agent API `request_info`, docs/agent-api.md #19). */
export type GrowthLead = {
  id: string
  businessName: string
  /** Normalised (lowercase) email. */
  contactEmail: string
  /** As given (an http(s) URL), or null. */
  website: string | null
  /** The website's host without `www.`, lowercase; '' without a website. With the email, the lead's identity. */
  websiteHost: string
  industry: string | null
  createdAt: number
}

export interface GrowthLeadStore {
  /**
   * Atomic insert-if-absent on (contactEmail, websiteHost) (a unique index; concurrent callers with
   * the same pair get one row): answers the row inserted (`created: true`) or the one already there,
   * unchanged (`created: false`).
   */
  record(lead: GrowthLead): Promise<{ lead: GrowthLead; created: boolean }>
}
