/**
 * Rows of cells as aligned text: each column padded to its widest cell, two spaces between columns,
 * no trailing spaces, a newline after every row. The first row is usually the header.
 */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length)
  }
  const line = (row: readonly string[]) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
  return rows.map((row) => `${line(row).trimEnd()}\n`).join('')
}
