import { queryTestDatabase } from '../test/helpers/query-test-database'
import type { TestDatabase } from '../test/helpers/test-databases'

/**
 * Waits until no mint job of the database is left unconfirmed (pending, batched or sent), polling
 * every 250 ms, for at most `deadlineMs`. Answers how long it took, or the jobs left at the deadline.
 */
export async function waitForMintDrain(
  db: TestDatabase,
  deadlineMs: number,
): Promise<{ drained: true; ms: number } | { drained: false; left: number }> {
  const started = Date.now()
  for (;;) {
    const [row] = await queryTestDatabase<{ n: string | number }>(
      db,
      "select count(*) as n from mint_jobs where status <> 'confirmed'",
    )
    const left = Number(row?.n ?? 0)
    if (left === 0) return { drained: true, ms: Date.now() - started }
    if (Date.now() - started > deadlineMs) return { drained: false, left }
    await new Promise((r) => setTimeout(r, 250))
  }
}
