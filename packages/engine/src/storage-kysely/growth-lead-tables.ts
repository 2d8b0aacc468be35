/** Leads of businesses asking to join (migration 0021-growth-leads); conventions of `database.ts`. */
export interface GrowthLeadTables {
  growth_leads: GrowthLeadsTable
}

export interface GrowthLeadsTable {
  id: string
  business_name: string
  contact_email: string
  website: string | null
  /** '' without a website; unique with contact_email. */
  website_host: string
  industry: string | null
  created_at: number
}
