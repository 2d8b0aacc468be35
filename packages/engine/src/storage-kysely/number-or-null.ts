/** A nullable numeric column as a JS number (pg answers int8 and numeric columns as strings). */
export function numberOrNull(v: number | string | bigint | null): number | null {
  return v === null ? null : Number(v)
}
