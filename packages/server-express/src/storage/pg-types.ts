import pg from 'pg'

/**
 * Type parsers for the pg pool: int8 (BIGINT epoch ms, COUNT) as a JS number instead of pg's default
 * string; the schema keeps every int8 below 2^53. Per pool, not pg's global `types`.
 */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}
