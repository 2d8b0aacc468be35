import { queryTestDatabase } from './query-test-database'
import type { TestDatabase } from './test-databases'

/**
 * The row count of every table of a test database (but `except`), read in one statement: what a
 * request wrote, whatever table it wrote to (tables added later included).
 */
export async function countRows(db: TestDatabase, except: readonly string[] = []): Promise<Record<string, number>> {
  const tables = (
    await queryTestDatabase<{ name: string }>(
      db,
      db.databaseUrl === undefined
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        : 'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
    )
  )
    .map((t) => t.name)
    .filter((name) => !except.includes(name))
    .sort()
  const columns = tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(', ')
  const [row] = await queryTestDatabase<Record<string, number | string>>(db, `SELECT ${columns}`)
  return Object.fromEntries(tables.map((t) => [t, Number(row?.[t])]))
}
