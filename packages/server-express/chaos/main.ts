import { parseArgs } from 'node:util'
import { testDialects } from '../test/helpers/test-databases'
import { formatChaosReport } from './format-chaos-report'
import { runChaos } from './run-chaos'

/**
 * `pnpm chaos [--kills N] [--interval-ms MS] [--workers W]`: three server processes on a fresh
 * PostgreSQL database (on DATABASE_URL's server) under load, SIGKILLed and restarted N times; prints
 * the figures and exits 1 when an invariant is violated (docs/production.md#several-processes-and-crashes).
 */
const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    'interval-ms': { type: 'string', default: '3000' },
    workers: { type: 'string', default: '4' },
  },
})
const postgres = testDialects.find((d) => d.dialect === 'postgres')
if (!postgres) {
  process.stderr.write('pnpm chaos needs DATABASE_URL (a PostgreSQL server; a fresh database is made and dropped)\n')
  process.exit(2)
}
const db = await postgres.create()
try {
  const report = await runChaos(db, {
    kills: Number(values.kills),
    intervalMs: Number(values['interval-ms']),
    workers: Number(values.workers),
    log: (line) => process.stdout.write(`${line}\n`),
  })
  process.stdout.write(formatChaosReport(report))
  process.exitCode = report.violations.length === 0 ? 0 : 1
} finally {
  await db.drop()
}
