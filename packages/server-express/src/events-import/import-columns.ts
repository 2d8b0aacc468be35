import { type EngineParameters, LoyaltyError } from '@loyaltykit/engine'

/**
 * The columns of an import file: the manual-event body's fields (but `brandId`, which `--brand`
 * gives) and `eventKey`, the row's own key when the brand has one (an order id). The header row
 * names them, in any order; `eventType` and `userEmail` are required.
 */
export const IMPORT_COLUMNS = [
  'eventType',
  'userEmail',
  'domain',
  'sourceUrl',
  'userIdentifier',
  'metadata',
  'channel_id',
  'eventKey',
] as const

type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/** Where each known column is in a file's records. */
export type ImportHeader = { names: string[]; index: Partial<Record<ImportColumn, number>> }

/** A refusal decided from the file alone (the engine never saw the row). */
const INVALID_CSV_ROW = 'INVALID_CSV_ROW'

const isColumn = (name: string): name is ImportColumn => (IMPORT_COLUMNS as readonly string[]).includes(name)

/** The header row, checked: every name known, none twice, the required ones present. Throws INVALID_IMPORT_FILE. */
export function readImportHeader(fields: string[]): ImportHeader {
  const names = fields.map((f) => f.trim())
  const index: ImportHeader['index'] = {}
  for (const [i, name] of names.entries()) {
    if (!isColumn(name)) {
      throw invalidFile(
        `the header row has an unknown column "${name}"; columns: ${IMPORT_COLUMNS.join(', ')} (eventType and userEmail required)`,
      )
    }
    if (index[name] !== undefined) throw invalidFile(`the header row names the column "${name}" twice`)
    index[name] = i
  }
  const missing = (['eventType', 'userEmail'] as const).filter((c) => index[c] === undefined)
  if (missing.length > 0) {
    throw invalidFile(`the header row lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`)
  }
  return { names, index }
}

export function invalidFile(message: string): LoyaltyError {
  return new LoyaltyError(`Cannot import this file: ${message}`, {
    code: 'INVALID_IMPORT_FILE',
    category: 'invalid_request',
  })
}

/** A row made into a manual-event body (empty cells are absent fields), or why it cannot be one. */
export type ImportRowEvent =
  | { ok: true; event: EngineParameters<'events', 'process'>; eventKey: string | undefined }
  | { ok: false; code: typeof INVALID_CSV_ROW; reason: string }

export function rowToEvent(header: ImportHeader, fields: string[], brandId: string): ImportRowEvent {
  if (fields.length !== header.names.length) {
    return {
      ok: false,
      code: INVALID_CSV_ROW,
      reason: `the row has ${fields.length} field${fields.length === 1 ? '' : 's'}, the header ${header.names.length}`,
    }
  }
  const cell = (c: ImportColumn) => {
    const i = header.index[c]
    const value = i === undefined ? '' : (fields[i] ?? '')
    return value === '' ? undefined : value
  }
  let metadata: Record<string, unknown> | undefined
  const json = cell('metadata')
  if (json !== undefined) {
    try {
      metadata = JSON.parse(json) as Record<string, unknown>
    } catch (e) {
      return { ok: false, code: INVALID_CSV_ROW, reason: `metadata is not valid JSON (${(e as Error).message})` }
    }
    if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
      return { ok: false, code: INVALID_CSV_ROW, reason: 'metadata must be a JSON object' }
    }
  }
  if (header.index.eventKey !== undefined && cell('eventKey') === undefined) {
    return { ok: false, code: INVALID_CSV_ROW, reason: 'eventKey is empty (the file has an eventKey column)' }
  }
  // An empty required cell stays absent: the engine refuses it in its own words ("userEmail is required").
  const event: Record<string, unknown> = { brandId }
  for (const c of ['eventType', 'userEmail', 'domain', 'sourceUrl', 'userIdentifier', 'channel_id'] as const) {
    const value = cell(c)
    if (value !== undefined) event[c] = value
  }
  if (metadata) event.metadata = metadata
  return { ok: true, event: event as EngineParameters<'events', 'process'>, eventKey: cell('eventKey') }
}
