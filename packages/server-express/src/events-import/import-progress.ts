import cliProgress from 'cli-progress'

/** Counts so far, as the import reports them. */
export type ImportCounts = { rows: number; accepted: number; alreadyImported: number; refused: number }

export type ImportProgress = {
  update(counts: ImportCounts): void
  /** Final redraw (or line) and release of the terminal. */
  stop(counts: ImportCounts): void
}

/** Every how long a plain progress line is written when stderr is not a terminal. */
const PLAIN_PROGRESS_INTERVAL_MS = 5000

const duration = (seconds: number) => {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.round(seconds)
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${s}s`
}

/**
 * Progress of an import on `stream` (stderr): a cli-progress bar with rows, rate and ETA when it is
 * a terminal; otherwise (a log file, CI) a plain line every `intervalMs`, and one at the end:
 * `progress: 12000/100000 rows (12%), 1850 rows/s, ETA 47s; accepted 11990, already imported 0, refused 10`.
 */
export function createImportProgress(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  totalRows: number,
  options: { intervalMs?: number; dryRun?: boolean } = {},
): ImportProgress {
  const started = performance.now()
  const rate = (rows: number) => rows / Math.max((performance.now() - started) / 1000, 0.001)
  const label = options.dryRun ? 'eligible' : 'accepted'
  const already = options.dryRun ? '' : ', already imported {alreadyImported}'
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `{bar} {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted} | ${label} {accepted}${already}, refused {refused}`,
        etaBuffer: 50,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    )
    bar.start(totalRows, 0, { rate: 0, accepted: 0, alreadyImported: 0, refused: 0 })
    const payload = (c: ImportCounts) => ({ ...c, rate: Math.round(rate(c.rows)) })
    return {
      update: (c) => bar.update(c.rows, payload(c)),
      stop(c) {
        bar.update(c.rows, payload(c))
        bar.stop()
      },
    }
  }
  const line = (c: ImportCounts) => {
    const r = rate(c.rows)
    const percent = totalRows === 0 ? 100 : Math.floor((c.rows / totalRows) * 100)
    stream.write(
      `progress: ${c.rows}/${totalRows} rows (${percent}%), ${Math.round(r)} rows/s, ETA ${duration((totalRows - c.rows) / r)}; ${label} ${c.accepted}${already.replace('{alreadyImported}', String(c.alreadyImported))}, refused ${c.refused}\n`,
    )
  }
  let last = started
  return {
    update(c) {
      const now = performance.now()
      if (now - last < (options.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS)) return
      last = now
      line(c)
    },
    stop: line,
  }
}
