/**
 * `pnpm fuzz [--requests N] [--seed S]`: starts the server as `loyaltykit start` runs it (SQLite +
 * embedded EDR chain, in this process), sends N fuzzed requests (default 100,000) to every mounted
 * route and prints counts by status, route and breakage, the slowest answers and every failure.
 * Exits 1 on any failure. What is sent and checked: docs/security.md#fuzzing.
 */
import { formatFuzzReport } from './format-fuzz-report'
import { startFuzzFixture } from './fuzz-fixture'
import { runFuzz } from './run-fuzz'

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2)
  const i = args.indexOf(`--${name}`)
  if (i < 0) return fallback
  const n = Number(args[i + 1])
  if (!Number.isSafeInteger(n) || n < 0) {
    process.stderr.write(`fuzz: --${name} takes a whole number\n`)
    process.exit(2)
  }
  return n
}

const requests = option('requests', 100_000)
const seed = option('seed', Math.floor(Math.random() * 2 ** 31))
const fixture = await startFuzzFixture()
let exitCode = 1
try {
  const report = await runFuzz(fixture, {
    requests,
    seed,
    onProgress: (n) => {
      if (n % 5000 === 0) process.stderr.write(`fuzz: ${n}/${requests}\n`)
    },
  })
  const alive = await fetch(`${fixture.server.base}/livez`)
  process.stdout.write(`${formatFuzzReport(report)}\nserver alive after the run: /livez ${alive.status}\n`)
  exitCode = report.failures.length === 0 && alive.status === 200 ? 0 : 1
} finally {
  await fixture.close()
}
process.exit(exitCode)
