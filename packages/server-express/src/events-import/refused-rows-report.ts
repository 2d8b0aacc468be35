import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { finished } from 'node:stream/promises'
import { stringify } from 'csv-stringify'

/** A refused row as the report lists it. */
export type RefusedRow = { row: number; line: number; code: string; reason: string; fields: string[] }

export type RefusedRowsReport = {
  add(row: RefusedRow): Promise<void>
  /** Flushes and closes the file. */
  close(): Promise<void>
}

/**
 * The report of refused rows: a CSV file with `row` (1 = the first row after the header), `line` (in
 * the imported file), `code`, `reason`, then the row's own columns as the file had them, so that the
 * report itself can be fixed and imported. Streamed (waits while the disk is behind): constant memory
 * however many rows are refused. Always written, with its header, so a rerun never leaves an older
 * report behind.
 */
export function openRefusedRowsReport(file: string, columns: readonly string[]): RefusedRowsReport {
  // A short row is padded to the header's width (its missing cells empty); a long one keeps every field.
  const pad = (fields: string[]) =>
    fields.length >= columns.length ? fields : [...fields, ...Array(columns.length - fields.length).fill('')]
  const out = createWriteStream(file)
  const csv = stringify({ header: true, columns: ['row', 'line', 'code', 'reason', ...columns] })
  csv.pipe(out)
  let failed: Error | undefined
  out.on('error', (e) => {
    failed = e
  })
  return {
    async add(r) {
      if (failed) throw failed
      if (!csv.write([r.row, r.line, r.code, r.reason, ...pad(r.fields)])) await once(csv, 'drain')
    },
    async close() {
      csv.end()
      await finished(out)
      if (failed) throw failed
    },
  }
}
