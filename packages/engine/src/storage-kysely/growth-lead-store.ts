import type { Kysely, Selectable } from 'kysely'
import type { GrowthLead, GrowthLeadStore } from '../ports/growth-lead-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { GrowthLeadsTable } from './growth-lead-tables'
import { insertedOrExisting } from './inserted-or-existing'

function toLead(row: Selectable<GrowthLeadsTable>): GrowthLead {
  return {
    id: row.id,
    businessName: row.business_name,
    contactEmail: row.contact_email,
    website: row.website,
    websiteHost: row.website_host,
    industry: row.industry,
    createdAt: Number(row.created_at),
  }
}

export function createGrowthLeadStore(db: Kysely<Database>, _dialect: SqlDialect): GrowthLeadStore {
  return {
    async record(lead) {
      const inserted = await db
        .insertInto('growth_leads')
        .values({
          id: lead.id,
          business_name: lead.businessName,
          contact_email: lead.contactEmail,
          website: lead.website,
          website_host: lead.websiteHost,
          industry: lead.industry,
          created_at: lead.createdAt,
        })
        .onConflict((oc) => oc.columns(['contact_email', 'website_host']).doNothing())
        .returningAll()
        .executeTakeFirst()
      const { record, created } = await insertedOrExisting(
        inserted,
        toLead,
        async () => {
          const row = await db
            .selectFrom('growth_leads')
            .selectAll()
            .where('contact_email', '=', lead.contactEmail)
            .where('website_host', '=', lead.websiteHost)
            .executeTakeFirst()
          return row && toLead(row)
        },
        'growth lead',
      )
      return { lead: record, created }
    },
  }
}
