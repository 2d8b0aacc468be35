// The storage contract (SQLite and PostgreSQL) of growth leads (migration 0021-growth-leads): one row
// per (contact email, website host), also under concurrent callers on separate connections.
import { randomUUID } from 'node:crypto'
import type { Storage } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestStorage } from './support/test-databases'

const lead = (email: string, websiteHost: string, createdAt = 1_000) => ({
  id: randomUUID(),
  businessName: 'Acme',
  contactEmail: email,
  website: websiteHost ? `https://${websiteHost}/` : null,
  websiteHost,
  industry: 'retail',
  createdAt,
})

describe.each(testDatabases())('growth leads on $dialect', (db) => {
  const t = useTestStorage(db)

  it('records a lead once per (email, host) and answers the first one unchanged after', async () => {
    const first = lead('a@acme.example', 'acme.example')
    expect(await t.storage.growthLeads.record(first)).toEqual({ lead: first, created: true })
    const again = await t.storage.growthLeads.record({
      ...lead('a@acme.example', 'acme.example', 2_000),
      businessName: 'Other',
    })
    expect(again).toEqual({ lead: first, created: false })
    const otherHost = lead('a@acme.example', 'shop.acme.example')
    expect((await t.storage.growthLeads.record(otherHost)).created).toBe(true)
    const noSite = lead('a@acme.example', '')
    expect(await t.storage.growthLeads.record(noSite)).toEqual({ lead: noSite, created: true })
    expect((await t.storage.growthLeads.record(lead('a@acme.example', ''))).lead.id).toBe(noSite.id)
    expect((await t.storage.growthLeads.record(lead('b@acme.example', 'acme.example'))).created).toBe(true)
  })

  it('makes one row of 12 concurrent records of the same pair on separate connections', async () => {
    const others: Storage[] = []
    for (let i = 0; i < 3; i++) others.push(await t.database.connect())
    const stores = [t.storage, ...others]
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (stores[i % stores.length] as Storage).growthLeads.record(lead('race@x.example', 'x.example')),
      ),
    )
    expect(answers.filter((a) => a.created)).toHaveLength(1)
    expect(new Set(answers.map((a) => a.lead.id)).size).toBe(1)
    const rows = await t.database.db
      .selectFrom('growth_leads')
      .selectAll()
      .where('contact_email', '=', 'race@x.example')
      .execute()
    expect(rows).toHaveLength(1)
  })
})
