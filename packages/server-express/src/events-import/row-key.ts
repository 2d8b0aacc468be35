import type { ImportFileScan } from './scan-import-file'

/**
 * The event key of an imported row (engine `eventKeys`: a key is recorded at most once per brand):
 * the row's `eventKey` cell when the file has that column (the brand's own id, stable however the
 * file is edited or split), else the file's identity and the row's number (`csv:<sha256>:<row>`):
 * the same file imported again, whole or after an interruption, never records a row twice.
 */
export function rowKey(scan: Pick<ImportFileScan, 'sha256'>, row: number, eventKey: string | undefined): string {
  return eventKey === undefined ? `csv:${scan.sha256}:${row}` : `key:${eventKey}`
}
