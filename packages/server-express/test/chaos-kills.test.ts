import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatChaosReport } from '../chaos/format-chaos-report'
import { runChaos } from '../chaos/run-chaos'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/**
 * The short version of `pnpm chaos` (issue 20 point 2b): three server processes on one PostgreSQL
 * database under steady load, three of them SIGKILLed at random and restarted; afterwards nothing
 * is stuck, minted twice or lost, and every retried request got its first answer.
 */
describe.each(testDialects.filter((d) => d.dialect === 'postgres'))(
  'pnpm chaos --kills 3 on $dialect',
  ({ create }) => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await create()
    })
    afterAll(async () => {
      await db?.drop()
    })

    it('kills and restarts three processes under load: every invariant holds', async () => {
      const report = await runChaos(db, { kills: 3, intervalMs: 2000 })
      const text = formatChaosReport(report)
      expect(report.violations, text).toEqual([])
      expect(report).toMatchObject({ kills: 3, restarts: 3, reconcile: { ok: true, drifts: 0 } })
      expect(report.drainMs, text).not.toBeNull()
      expect(report.mints.confirmed).toBe(report.mints.jobs)
      expect(report.mints.mintedOnChain).toBe(report.mints.jobs)
      expect(report.mints.rewards).toBeGreaterThan(0)
      expect(report.mints.paidSessions).toBeGreaterThan(0)
      expect(report.comparedReplays, text).toBeGreaterThan(0)
      expect(text).toContain('Every invariant holds.')
    }, 900_000)
  },
)
