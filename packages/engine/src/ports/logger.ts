/**
 * Structured logger. Implementations must never write secrets: callers pass identifiers, never keys,
 * and adapters redact well-known secret field names as a second line of defence.
 */
export interface Logger {
  debug(obj: Record<string, unknown>, msg?: string): void
  info(obj: Record<string, unknown>, msg?: string): void
  warn(obj: Record<string, unknown>, msg?: string): void
  error(obj: Record<string, unknown>, msg?: string): void
  child(bindings: Record<string, unknown>): Logger
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
}
