import { createReadStream } from 'node:fs'
import { type Info, parse } from 'csv-parse'

/** One record of a CSV file: its fields as written, where it starts, and how far the file is read. */
export type CsvRecord = {
  fields: string[]
  /** Line of the file where the record starts (1 = the first line). */
  line: number
  /** Bytes of the file read up to the end of this record. */
  bytes: number
}

/**
 * The records of a CSV file, streamed (csv-parse over a file stream: the file is never held in
 * memory; the reader pauses while the caller awaits). RFC 4180: comma-separated, double quotes
 * around fields holding commas, quotes or line breaks, `""` for a quote inside them; a UTF-8 byte
 * order mark is skipped, empty lines too, and records may differ in field count (the caller judges
 * them). Unquoted fields keep their spaces. A syntax error (a quote never closed) or a read error
 * rejects; leaving the loop early closes the file.
 */
export async function* readCsvRecords(file: string): AsyncGenerator<CsvRecord> {
  const source = createReadStream(file)
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true })
  source.on('error', (e) => parser.destroy(e))
  source.pipe(parser)
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      yield { fields: item.record, line: firstLine(item), bytes: item.info.bytes }
    }
  } finally {
    source.destroy()
    parser.destroy()
  }
}

/** csv-parse's `lines` is the line where the record ends; a record spanning lines starts earlier. */
function firstLine(item: { record: string[]; info: { lines: number } }): number {
  const breaks = item.record.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0)
  return item.info.lines - breaks
}
