/** One executed /converse step as answered (docs/agent-api.md#converse). */
export type ConverseStep = {
  tool: string
  input: Record<string, unknown>
  status: 'ok' | 'failed'
  /** Why the step failed: the error code and message the tool's route would answer. */
  error?: { code: string; message: string }
  /** The tool's `data` (kept out of the answer's `steps`; the answer's `data` holds it). */
  data?: unknown
}

/** The data of the first successful step of the tool `short` (`compare_brands`), typed by the caller. */
export type StepData = <T>(short: string) => T | undefined
