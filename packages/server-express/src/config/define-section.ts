import type { z } from 'zod'

/** Records a contradiction between variables; `variable` is the one the message starts with. */
type ReportProblem = (variable: string, reason: string) => void

/**
 * One part of the configuration: its environment variables (zod schemas built with `envValue`, each
 * `.describe()`d for docs/configuration.md) and how their parsed values become the section's typed
 * settings. `read` receives what it needs of earlier sections in `deps` and reports cross-field
 * contradictions with `report` (loadConfig throws them all at once).
 */
export type ConfigSection<S extends z.ZodRawShape, D, T> = {
  /** Heading of the section's table in docs/configuration.md. */
  title: string
  /** One line under the heading. */
  summary: string
  variables: S
  read(vars: z.output<z.ZodObject<S>>, deps: D, report: ReportProblem): T
}

/** Identity function that lets TypeScript infer a section's types. */
export function defineSection<S extends z.ZodRawShape, D, T>(section: ConfigSection<S, D, T>): ConfigSection<S, D, T> {
  return section
}
