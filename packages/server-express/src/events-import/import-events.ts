import { setImmediate } from 'node:timers/promises'
import { type Engine, type EngineParameters, isLoyaltyError, refusalError } from '@loyaltykit/engine'
import { MAX_BULK_EVENTS } from '@loyaltykit/engine/schemas'
import { describeRefusal } from './describe-refusal'
import { rowToEvent } from './import-columns'
import type { ImportCounts, ImportProgress } from './import-progress'
import { readCsvRecords } from './read-csv-records'
import type { RefusedRow, RefusedRowsReport } from './refused-rows-report'
import { retryOnConflict } from './retry-on-conflict'
import { rowKey } from './row-key'
import type { ImportFileScan } from './scan-import-file'

/** What an import run did: rows read, and what became of them. */
export type ImportSummary = ImportCounts & {
  /** Refused rows by code (INVALID_CSV_ROW, MAX_CLAIMS_REACHED, …; a dry run: the codes manual-event would answer). */
  refusedByCode: Record<string, number>
  /** The run stopped before the end of the file (`signal`). */
  interrupted: boolean
}

export type ImportEventsParameters = {
  file: string
  brandId: string
  scan: ImportFileScan
  engine: Pick<Engine, 'events'>
  /** Judge with `engine.events.checkEligibility` only: nothing is written. */
  dryRun: boolean
  /** Batches of up to 100 rows in flight at once. */
  concurrency: number
  report: RefusedRowsReport
  progress: ImportProgress
  /** Aborted: no new row is read; the batches in flight finish. */
  signal: AbortSignal
}

type Pending = {
  row: number
  line: number
  fields: string[]
  event: EngineParameters<'events', 'process'>
  key: string
}

/**
 * Streams the file's rows to the engine in batches of up to 100, `concurrency` batches at a time:
 * `engine.events.processBulk` (each row judged by the brand's rules like a manual event, under its
 * row key so that a rerun never records it twice; no mint wait) or, for a dry run,
 * `engine.events.checkEligibility`. Refused rows go to the report; counts to `progress`.
 */
export async function importEvents(p: ImportEventsParameters): Promise<ImportSummary> {
  const counts: ImportSummary = {
    rows: 0,
    accepted: 0,
    alreadyImported: 0,
    refused: 0,
    refusedByCode: {},
    interrupted: false,
  }
  const refuse = async (r: RefusedRow) => {
    counts.refused++
    counts.refusedByCode[r.code] = (counts.refusedByCode[r.code] ?? 0) + 1
    await p.report.add(r)
  }
  const inFlight = new Set<Promise<void>>()
  let failure: unknown
  const submit = async (batch: Pending[]) => {
    const run = (p.dryRun ? judgeBatch(p, batch) : processBatch(p, batch))
      .then(async (outcomes) => {
        for (const [i, o] of outcomes.entries()) {
          const item = batch[i] as Pending
          if (o.kind === 'accepted') counts.accepted++
          else if (o.kind === 'already') counts.alreadyImported++
          else await refuse({ row: item.row, line: item.line, code: o.code, reason: o.reason, fields: item.fields })
        }
        counts.rows += batch.length
        p.progress.update(counts)
      })
      .catch((e: unknown) => {
        failure ??= e
      })
      .finally(() => inFlight.delete(run))
    inFlight.add(run)
    while (inFlight.size >= p.concurrency) await Promise.race(inFlight)
    // Through the event loop once per batch: on SQLite (synchronous queries) and a file already read
    // into memory, everything else is microtasks, which would starve timers (the progress bar) and
    // signal handlers (Ctrl-C) until the end of the file.
    await setImmediate()
  }

  let batch: Pending[] = []
  let row = 0
  for await (const record of readCsvRecords(p.file)) {
    if (failure !== undefined) break
    if (row++ === 0) continue // the header, checked by the scan
    if (p.signal.aborted) {
      counts.interrupted = true
      break
    }
    const made = rowToEvent(p.scan.header, record.fields, p.brandId)
    const at = { row: row - 1, line: record.line, fields: record.fields }
    if (!made.ok) {
      await refuse({ ...at, code: made.code, reason: made.reason })
      counts.rows++
      continue
    }
    batch.push({ ...at, event: made.event, key: rowKey(p.scan, at.row, made.eventKey) })
    if (batch.length === MAX_BULK_EVENTS) {
      await submit(batch)
      batch = []
    }
  }
  if (batch.length > 0 && failure === undefined && !counts.interrupted) await submit(batch)
  await Promise.all(inFlight)
  if (failure !== undefined) throw failure
  return counts
}

type Outcome = { kind: 'accepted' } | { kind: 'already' } | { kind: 'refused'; code: string; reason: string }

/** How an import judges rows: the brand's rules, but no 60-second duplicate window (the row key replaces it). */
const JUDGED_AS = { duplicateWindowMs: 0 }

async function processBatch(p: ImportEventsParameters, batch: Pending[]): Promise<Outcome[]> {
  const { results } = await retryOnConflict(() =>
    p.engine.events.processBulk(
      { events: batch.map((b) => b.event) },
      { ...JUDGED_AS, mintWaitMs: 0, eventKeys: batch.map((b) => b.key) },
    ),
  )
  return results.map((r): Outcome => {
    if (r.success) return { kind: 'accepted' }
    if (r.code === 'EVENT_ALREADY_RECORDED') return { kind: 'already' }
    return { kind: 'refused', code: r.code, reason: describeRefusal(r.error, r.details) }
  })
}

async function judgeBatch(p: ImportEventsParameters, batch: Pending[]): Promise<Outcome[]> {
  return Promise.all(
    batch.map(async (b): Promise<Outcome> => {
      try {
        const verdict = await p.engine.events.checkEligibility(b.event, JUDGED_AS)
        const [first] = verdict.reasons
        if (!first) return { kind: 'accepted' }
        // The error manual-event would answer for it, so a dry run counts by the same codes.
        const error = refusalError(first, Date.now())
        return { kind: 'refused', code: error.code, reason: describeRefusal(error.message, error.details) }
      } catch (e) {
        if (!isLoyaltyError(e)) throw e
        return { kind: 'refused', code: e.code, reason: describeRefusal(e.message, e.details) }
      }
    }),
  )
}
