import { CompiledQuery as Compiled, type CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createEventStore } from '../src/storage-kysely/event-store'
import { selectMemberTotals } from '../src/storage-kysely/ledger-member-totals'
import { testDatabases, useTestStorage } from './support/test-databases'

const sqlite = testDatabases().filter((d) => d.dialect === 'sqlite')

// Which index SQLite reads for each member read (docs/members.md#indexes). SQLite has no statistics
// unless ANALYZE ran, so its planner picks by the shape of the query: a GROUP BY or an extra equality
// can make it read every row of the brand through another index, fast with 20 rows and 200 ms with
// 20,000. PostgreSQL plans with statistics and is measured by `pnpm bench:events --postgres`.
describe.each(sqlite)('member reads use their index on $dialect', (db) => {
  const t = useTestStorage(db)

  /** The queries a read sends, each with SQLite's plan (the `detail` lines). */
  async function plansOf(read: (kysely: typeof t.database.db) => Promise<unknown>): Promise<string[]> {
    const nodes: RootOperationNode[] = []
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        nodes.push(node)
        return node
      },
      transformResult: async ({ result }) => result,
    }
    await read(t.database.db.withPlugin(capture))
    const plans: string[] = []
    for (const node of nodes) {
      const q: CompiledQuery = t.database.db.getExecutor().compileQuery(node, { queryId: 'plan' } as never)
      const r = await t.database.db.executeQuery<{ detail: string }>(
        Compiled.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
      )
      plans.push(r.rows.map((row) => row.detail).join(' | '))
    }
    return plans
  }
  const brandId = `0x${'ab'.repeat(20)}`
  const walletAddress = `0x${'cd'.repeat(20)}`
  const before = { createdAt: 5, id: 'x' }

  it('member totals and history read the member’s entries only', async () => {
    const [totals] = await plansOf((k) => selectMemberTotals(k, { walletAddress, brandId }))
    expect(totals).toBe('SEARCH ledger_entries USING INDEX ledger_entries_member_idx (brand_id=? AND wallet_address=?)')
    expect(totals).not.toContain('TEMP B-TREE')
  })

  it.each([
    ['no filter', {}, 'reward_events_brand_time_idx (brand_id=?)'],
    ['a cursor', { before }, 'reward_events_brand_time_idx (brand_id=? AND (created_at,id)<(?,?))'],
    [
      'a time range',
      { since: 1, until: 2 },
      'reward_events_brand_time_idx (brand_id=? AND created_at>? AND created_at<?)',
    ],
    ['a type', { eventType: 'purchase' }, 'reward_events_brand_type_idx (brand_id=? AND event_type=?)'],
    [
      'a user',
      { userKey: 'a@b.c', before },
      'reward_events_brand_user_idx (brand_id=? AND user_key=? AND (created_at,id)<(?,?))',
    ],
    ['a wallet', { walletAddress }, 'reward_events_brand_wallet_idx (brand_id=? AND wallet_address=?)'],
    [
      'a user and a type',
      { userKey: 'a@b.c', eventType: 'purchase' },
      'reward_events_brand_user_idx (brand_id=? AND user_key=?)',
    ],
    [
      'a wallet and a type',
      { walletAddress, eventType: 'purchase' },
      'reward_events_brand_wallet_idx (brand_id=? AND wallet_address=?)',
    ],
  ])('the events list with %s', async (_name, filters, index) => {
    const [plan] = await plansOf((k) => createEventStore(k, 'sqlite').listByBrand({ brandId, limit: 20, ...filters }))
    // The event through its index, then one lookup each for its mint job and its ledger entry.
    expect(plan).toBe(
      [
        `SEARCH e USING INDEX ${index}`,
        'SEARCH j USING INDEX sqlite_autoindex_mint_jobs_1 (id=?) LEFT-JOIN',
        'SEARCH l USING INDEX ledger_entries_source_idx (source_type=? AND source_id=? AND kind=?) LEFT-JOIN',
      ].join(' | '),
    )
  })
})
