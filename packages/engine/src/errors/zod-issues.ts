import type { z } from 'zod'
import { type FieldIssue, ValidationError } from './common-errors'

/** Turn zod issues into one message per field (the spec's `details`). */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.message,
  }))
}

/** Parse with a zod schema, throwing a ValidationError with per-field details on failure. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message = 'Invalid request'): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new ValidationError(message, toFieldIssues(result.error))
  return result.data
}
