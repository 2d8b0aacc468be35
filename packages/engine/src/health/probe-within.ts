import { withTimeout } from './with-timeout'

/**
 * `fn()` bounded by `timeoutMs`. When it throws or times out, why is written to `failures[name]` (the
 * first reason kept) and the answer is undefined: one probe of health, readiness or the gauges.
 */
export async function probeWithin<T>(
  failures: Record<string, string>,
  name: string,
  timeoutMs: number,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await withTimeout(fn(), timeoutMs, name)
  } catch (e) {
    failures[name] ??= e instanceof Error ? e.message : String(e)
    return undefined
  }
}
