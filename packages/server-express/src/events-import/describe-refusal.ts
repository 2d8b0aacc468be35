/**
 * One line for the report's `reason` column: the engine's message, then what its details say (the
 * fields a validation refused, the rule's own sentence: "Validation failed: userEmail: must be a valid
 * email address").
 */
export function describeRefusal(message: string, details: unknown): string {
  if (Array.isArray(details)) {
    const issues = details
      .filter(
        (d): d is { field: string; message: string } => typeof d?.field === 'string' && typeof d?.message === 'string',
      )
      .map((d) => `${d.field}: ${d.message}`)
    return issues.length > 0 ? `${message}: ${issues.join('; ')}` : message
  }
  const said = (details as { message?: unknown } | undefined)?.message
  return typeof said === 'string' && said !== message ? `${message}: ${said}` : message
}
