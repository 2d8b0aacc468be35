import { stat } from 'node:fs/promises'
import { sha256OfFile } from '../files/sha256-of-file'
import { type ImportHeader, invalidFile, readImportHeader } from './import-columns'
import { readCsvRecords } from './read-csv-records'

/** What the first pass over an import file learns, before anything is written. */
export type ImportFileScan = {
  /** SHA-256 of the file's bytes (hex): the file's identity in its rows' keys. */
  sha256: string
  bytes: number
  header: ImportHeader
  /** Data rows (records after the header). */
  rows: number
}

/**
 * Reads the file twice, streaming, before the import writes anything: its SHA-256, then every
 * record, so that a file the import could not finish (a bad header, a quote never closed) is
 * refused whole (INVALID_IMPORT_FILE, with the line) and the progress bar knows the row count.
 */
export async function scanImportFile(file: string): Promise<ImportFileScan> {
  const { size } = await stat(file)
  const sha256 = await sha256OfFile(file)
  let header: ImportHeader | undefined
  let rows = 0
  try {
    for await (const record of readCsvRecords(file)) {
      if (header === undefined) header = readImportHeader(record.fields)
      else rows++
    }
  } catch (e) {
    const error = e as Error & { code?: string; lines?: number }
    if (error.code?.startsWith('CSV_')) throw invalidFile(`line ${error.lines ?? '?'}: ${error.message}`)
    throw e
  }
  if (header === undefined) throw invalidFile('it is empty; the first row must name the columns')
  return { sha256, bytes: size, header, rows }
}
