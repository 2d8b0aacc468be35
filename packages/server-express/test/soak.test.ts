import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { SoakReport } from '../bench/support/soak-report'
import { runSourceProcess } from './helpers/cli-process'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const soak = join(repoRoot, 'packages', 'server-express', 'bench', 'soak.ts')

/**
 * The short version of `pnpm soak --minutes 10` (issue 20 point 3): 30 s in six 5 s windows at
 * 20 requests/s on SQLite, the chain in its own process (`loyaltykit chain serve`, the default). It checks that the mix is answered without one error
 * and every mint confirms, that the samples are real, and that the verdict is computed from them; 30 s
 * says nothing about flatness, which the 10-minute run (docs/performance.md#soak) judges.
 */
describe('pnpm soak (short)', () => {
  it('drives the route mix without error and judges RSS, handles and p99 from its own samples', async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
    const run = await runSourceProcess(
      soak,
      ['--minutes', '0.5', '--window-seconds', '5', '--warmup-minutes', '0.05', '--rate', '20', '--json'],
      env,
      { timeoutMs: 180_000, killSignal: 'SIGTERM' },
    )
    const last = run.stdout.trim().split('\n').at(-1) ?? ''
    let report: SoakReport
    try {
      report = JSON.parse(last) as SoakReport
    } catch {
      throw new Error(`soak printed no JSON report (exit ${run.code}); stderr:\n${run.stderr}`)
    }
    expect(report).toMatchObject({
      storage: 'sqlite',
      chain: 'process',
      rate: 20,
      rateSource: 'given',
      windowSeconds: 5,
    })
    expect(report.windows).toHaveLength(6)
    expect(report.windows.map((w) => w.warmup)).toEqual([true, false, false, false, false, false])
    for (const w of report.windows) {
      expect(w.requests).toBe(100)
      expect(w.errors).toBe(0)
      // The mix's refused request (1 in 20) answers 400; everything else 200.
      expect(w.statuses).toEqual({ '200': 95, '400': 5 })
      expect(w.rssMb).toBeGreaterThan(20)
      expect(w.activeHandles).toBeGreaterThanOrEqual(1)
      expect(w.heapUsedMb).toBeGreaterThan(1)
      expect(w.chainRssMb).toBeGreaterThan(20)
    }
    // Each window queues the mints of its new users' events (10 + 3 × 1 bulk per 20 requests) at least.
    const mintJobs = report.windows.map((w) => w.mintJobs)
    for (let i = 1; i < mintJobs.length; i++)
      expect((mintJobs[i] ?? 0) - (mintJobs[i - 1] ?? 0)).toBeGreaterThanOrEqual(65)
    const v = report.verdict
    expect(v.errors).toEqual({ count: 0, ok: true })
    expect(v.mintsUnconfirmedAfterWait).toEqual({ count: 0, ok: true })
    const judged = report.windows.slice(1)
    const firstRss = ((judged[0]?.rssMb ?? 0) + (judged[1]?.rssMb ?? 0)) / 2
    const lastRss = ((judged[3]?.rssMb ?? 0) + (judged[4]?.rssMb ?? 0)) / 2
    expect(v.rssMb.first).toBe(firstRss)
    expect(v.rssMb.last).toBe(lastRss)
    expect(v.rssMb.ok).toBe(lastRss < firstRss * 1.1)
    expect(run.code).toBe(v.ok ? 0 : 1)
  }, 240_000)
})
