import { basename, dirname, extname, join, resolve } from 'node:path'
import { IMPORT_COLUMNS } from '../../events-import/import-columns'
import { type ImportSummary, importEvents } from '../../events-import/import-events'
import { createImportProgress } from '../../events-import/import-progress'
import { openRefusedRowsReport } from '../../events-import/refused-rows-report'
import { scanImportFile } from '../../events-import/scan-import-file'
import type { Command } from '../command'
import { parseNumberOption, requireOnePositional, requireOption } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['events', 'import']

/** Exit code of an import stopped by SIGINT/SIGTERM (128 + SIGINT), as shells report it. */
const INTERRUPTED_EXIT_CODE = 130

export const eventsImportCommand: Command = {
  path,
  summary: "Import a CSV file of a brand's events (streamed, resumable, with a report of refused rows)",
  help: `FILE.csv --brand ID [--dry-run] [--report FILE] [--concurrency N] [--json]

Reads FILE.csv, whose header row names its columns: ${IMPORT_COLUMNS.join(', ')}
(eventType and userEmail required; metadata is a JSON object; an empty cell is an absent field).
Each row is judged by the brand's rules exactly as a manual event (domain, event type, channels, max
claims, cooldown, global max) and accepted rows are rewarded: their mint jobs are queued for the
running server's minter (or the next \`loyaltykit start\`).

Resumable: each row is recorded under a key (its eventKey cell, else the file's SHA-256 and the row
number), and a key is never recorded twice. After an interruption (Ctrl-C, a crash) run the same
command on the same, unchanged file: rows already recorded are counted as "already imported" and not
rewarded again. The file is streamed (constant memory); progress goes to stderr (a bar on a terminal,
a line every 5 s otherwise); the summary to stdout. Refused rows are written to the report, a CSV
with row, line, code and reason before the row's own columns.

Options:
  --brand ID         brandId the rows belong to (required)
  --dry-run          Judge every row with check-eligibility and write nothing (each row against the database as it is)
  --report FILE      Report of refused rows (default: FILE.refused.csv beside FILE.csv; a dry run: FILE.dry-run.refused.csv)
  --concurrency N    Batches of 100 rows in flight at once, 1 to 16 (default 2; 1 keeps the file's order strictly)
  --json             Print the summary as JSON
  -h, --help         Show this help`,
  options: {
    brand: { type: 'string' },
    'dry-run': { type: 'boolean' },
    report: { type: 'string' },
    concurrency: { type: 'string' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
  async run({ values, positionals, io }) {
    const given = requireOnePositional(positionals, 'CSV file to import', path)
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const concurrency =
      parseNumberOption(values.concurrency as string | undefined, 'concurrency', path, { integer: true }) ?? 2
    if (concurrency < 1 || concurrency > 16) {
      throw new UsageError(`--concurrency must be 1 to 16, got ${concurrency}`, path, 'concurrency')
    }
    const dryRun = values['dry-run'] === true
    const file = resolve(io.cwd, given)
    const reportFile = resolve(io.cwd, (values.report as string | undefined) ?? defaultReportFile(file, dryRun))
    const scan = await scanImportFile(file)

    const stop = new AbortController()
    const onSignal = () => {
      if (stop.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE)
      io.stderr.write('\nloyaltykit: interrupted: finishing the rows in flight (a second Ctrl-C exits at once)\n')
      stop.abort()
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    const started = performance.now()
    let summary: ImportSummary
    try {
      // A dry run reads the schema as it is: it migrates nothing.
      summary = await withDataRuntime(
        io,
        async (rt) => {
          const brand = await rt.engine.brands.get({ brandId })
          const report = openRefusedRowsReport(reportFile, scan.header.names)
          const progress = createImportProgress(io.stderr, scan.rows, { dryRun })
          try {
            const done = await importEvents({
              file,
              brandId: brand.id,
              scan,
              engine: rt.engine,
              dryRun,
              concurrency,
              report,
              progress,
              signal: stop.signal,
            })
            progress.stop(done)
            return done
          } finally {
            await report.close()
          }
        },
        dryRun ? { migrate: false } : {},
      )
    } finally {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
    const seconds = (performance.now() - started) / 1000
    const result = {
      file,
      brandId,
      sha256: scan.sha256,
      totalRows: scan.rows,
      dryRun,
      ...summary,
      report: reportFile,
      seconds,
    }
    if (values.json) writeJson(io.stdout, result)
    else io.stdout.write(formatSummary(result))
    return summary.interrupted ? INTERRUPTED_EXIT_CODE : 0
  },
}

/** `events.csv` → `events.refused.csv` (a dry run: `events.dry-run.refused.csv`) in the same folder. */
function defaultReportFile(file: string, dryRun: boolean): string {
  return join(dirname(file), `${basename(file, extname(file))}${dryRun ? '.dry-run' : ''}.refused.csv`)
}

function formatSummary(
  r: ImportSummary & {
    file: string
    brandId: string
    totalRows: number
    dryRun: boolean
    report: string
    seconds: number
  },
): string {
  const rate = Math.round(r.rows / Math.max(r.seconds, 0.001))
  const codes = Object.entries(r.refusedByCode).sort((a, b) => b[1] - a[1])
  const width = Math.max(16, ...codes.map(([c]) => c.length + 2))
  const lines = [
    `${r.dryRun ? 'Dry run of' : 'Imported'} ${r.file} for brand ${r.brandId}: ${r.rows} of ${r.totalRows} rows in ${r.seconds.toFixed(1)} s (${rate} rows/s)`,
    `  ${(r.dryRun ? 'eligible' : 'accepted').padEnd(width)} ${r.accepted}`,
    ...(r.dryRun
      ? []
      : [
          `  ${'already imported'.padEnd(width)} ${r.alreadyImported}  (recorded by an earlier run; not rewarded again)`,
        ]),
    `  ${(r.dryRun ? 'would be refused' : 'refused').padEnd(width)} ${r.refused}`,
    ...codes.map(([code, n]) => `    ${code.padEnd(width - 2)} ${n}`),
    `  report of refused rows: ${r.report}`,
  ]
  if (r.dryRun) lines.push('  Nothing was written (dry run).')
  else if (r.accepted > 0)
    lines.push('  The accepted rows are minted by the running server (or at the next `loyaltykit start`).')
  if (r.interrupted) {
    lines.push(
      `Interrupted after ${r.rows} rows: run the same command on the same file to finish; recorded rows are not rewarded twice.`,
    )
  }
  return `${lines.join('\n')}\n`
}
