import { isLoyaltyError } from '@loyaltykit/engine'
import { redactText } from '../logging/redact-secrets'
import type { Command } from './command'
import { describeOption } from './option-help'
import { UsageError } from './usage-error'

function issuesOf(details: unknown): string {
  if (!Array.isArray(details)) return ''
  const parts = details
    .filter(
      (d): d is { field: string; message: string } => typeof d?.field === 'string' && typeof d?.message === 'string',
    )
    .map((d) => `${d.field}: ${d.message}`)
  return parts.length > 0 ? ` (${parts.join('; ')})` : ''
}

/**
 * Any error of a command → ONE line for stderr (no stack trace, no secret). A UsageError about an
 * option of `command` says what that option takes, in the words of the command's --help.
 */
export function formatCliError(e: unknown, command?: Command): string {
  let line: string
  if (e instanceof UsageError) {
    const cmd = ['loyaltykit', ...e.commandPath].join(' ')
    const expected = e.flag && command ? `; expected ${describeOption(command, e.flag)}` : ''
    line = `${cmd}: ${e.message}${expected} (see \`${cmd} --help\`)`
  } else if (isLoyaltyError(e)) {
    line = `loyaltykit: ${e.message}${issuesOf(e.details)}`
  } else if (e instanceof Error) {
    line = `loyaltykit: unexpected error: ${e.message}`
  } else {
    line = `loyaltykit: unexpected error: ${String(e)}`
  }
  return redactText(line.replace(/\s*\n\s*/g, ' ').trim())
}
