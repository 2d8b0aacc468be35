/** A mistake in how the CLI was called; printed as one line with a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError'
  constructor(
    message: string,
    readonly commandPath: string[] = [],
  ) {
    super(message)
  }
}
