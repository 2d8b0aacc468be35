import type { Database } from '@loyaltykit/engine/storage-kysely'
import { type Kysely, sql } from 'kysely'

/**
 * Drops the secondary indexes of `tables` for a bulk load and returns what recreates them, from
 * their own definitions (SQLite's `sqlite_master`, PostgreSQL's `pg_indexes`): each index is then
 * built once over the loaded rows (a sort) instead of taking a million random-key inserts, which
 * thrash the page cache once the indexes outgrow it (the 1,000,000-entry seed wrote ~50 GB and took
 * 15 minutes that way). Primary keys and constraint-backed indexes stay.
 */
export async function dropIndexesForBulkLoad(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const list = sql.join(tables.map((t) => sql.lit(t)))
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and sql is not null and tbl_name in (${list})`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes i
          where schemaname = current_schema() and tablename in (${list})
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
  for (const r of rows) await sql`drop index ${sql.id(r.name)}`.execute(db)
  return async () => {
    for (const r of rows) await sql.raw(r.definition).execute(db)
  }
}
