/**
 * What an insert-if-absent (`onConflict(...).doNothing().returningAll()`) made of a row: the row it
 * inserted (`created: true`), or else the one already there, read by `existing` (`created: false`).
 * A row gone in between (deleted by another caller) is a bug, raised as one naming `what`.
 */
export async function insertedOrExisting<Row, T>(
  inserted: Row | undefined,
  toRecord: (row: Row) => T,
  existing: () => Promise<T | undefined>,
  what: string,
): Promise<{ record: T; created: boolean }> {
  if (inserted) return { record: toRecord(inserted), created: true }
  const stored = await existing()
  if (!stored) throw new Error(`${what} vanished between insert and select`)
  return { record: stored, created: false }
}
