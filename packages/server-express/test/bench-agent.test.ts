import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AGENT_TOOLS, type AgentTool } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import type { AgentBenchReport } from '../bench/support/agent-bench-report'
import { runSourceProcess } from './helpers/cli-process'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const bench = join(repoRoot, 'packages', 'server-express', 'bench', 'agent.ts')

const dialects = [
  { storage: 'sqlite' as const, args: [] },
  ...(process.env.DATABASE_URL ? [{ storage: 'postgres' as const, args: ['--postgres'] }] : []),
]

// `pnpm bench:agent` on a small seed (seed:network's code): every read tool of the registry answers
// 200 with inputs picked from the seed, signed where needed. Nothing about time.
describe.each(dialects)('pnpm bench:agent on a small seed on $storage', ({ storage, args: dialectArgs }) => {
  it('seeds, starts the server and gets 200s from every read route of the registry', { timeout: 300_000 }, async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
    if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL
    const args = [
      ...dialectArgs,
      '--entries',
      '3000',
      '--users',
      '300',
      '--brands',
      '12',
      '--seconds',
      '1',
      '--warmup',
      '0',
    ]
    const run = await runSourceProcess(bench, [...args, '--connections', '2', '--json'], env, {
      timeoutMs: 280_000,
      killSignal: 'SIGTERM',
    })
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as AgentBenchReport
    expect(report.storage).toBe(storage)
    expect(report.data).toMatchObject({ entries: 3000, users: 300, brands: 12 })
    const reads = (AGENT_TOOLS as readonly AgentTool[]).filter(
      (t) => t.group !== 'converse' && (t.method === 'GET' || t.annotations.readOnlyHint),
    )
    expect(reads.length).toBeGreaterThan(0)
    expect(report.routes.map((r) => r.route)).toEqual(reads.map((t) => `${t.method} /api/v1${t.path}`))
    for (const r of [report.baseline, ...report.routes]) {
      expect(r.requests, r.route).toBeGreaterThan(0)
      expect(r.statuses, `${r.route}: ${r.errors.join(' | ')}`).toEqual({ '200': r.requests })
    }
    expect(report.slowest).toHaveLength(Math.min(5, reads.length))
    expect(run.stdout).toContain('slowest five (p99)')
  })
})
