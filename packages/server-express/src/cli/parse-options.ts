import { UsageError } from './usage-error'

/** A numeric flag value, or a UsageError naming the flag. */
export function parseNumberOption(
  value: string | undefined,
  flag: string,
  path: string[],
  opts: { integer?: boolean } = {},
): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || (opts.integer && !Number.isInteger(n))) {
    throw new UsageError(`--${flag} must be ${opts.integer ? 'an integer' : 'a number'}, got "${value}"`, path, flag)
  }
  return n
}

/** A required string flag, or a UsageError. */
export function requireOption(value: string | undefined, flag: string, path: string[]): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${flag} is required`, path, flag)
  return value
}

/** `a,b , c` → ['a','b','c']; '' → []. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
}

/** The one positional argument a command takes (a file), or a UsageError: `the <what> is required` / `one <what> at a time`. */
export function requireOnePositional(positionals: string[], what: string, path: string[]): string {
  const [first] = positionals
  if (first === undefined) throw new UsageError(`the ${what} is required`, path)
  if (positionals.length > 1) throw new UsageError(`one ${what} at a time, got ${positionals.length}`, path)
  return first
}
