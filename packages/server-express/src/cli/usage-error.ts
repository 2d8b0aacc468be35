/**
 * A mistake in how the CLI was called (unknown command or option, missing or malformed value): printed
 * as one line with a pointer to --help, exit code 2. `flag` names the option at fault; the CLI then
 * adds what that option takes, from the command's --help.
 */
export class UsageError extends Error {
  override name = 'UsageError'
  constructor(
    message: string,
    readonly commandPath: string[] = [],
    readonly flag?: string,
  ) {
    super(message)
  }
}
