import { isLoyaltyError } from '@loyaltykit/engine'
import { redactText } from '../logging/redact-secrets'
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

/** Any error of a command → ONE line for stderr (no stack trace, no secret). */
export function formatCliError(e: unknown): string {
  let line: string
  if (e instanceof UsageError) {
    const cmd = ['loyaltykit', ...e.commandPath].join(' ')
    line = `${cmd}: ${e.message} (see \`${cmd} --help\`)`
  } else if (isLoyaltyError(e)) {
    line = `loyaltykit: ${e.message}${issuesOf(e.details)}`
  } else if (e instanceof Error) {
    line = `loyaltykit: unexpected error: ${e.message}`
  } else {
    line = `loyaltykit: unexpected error: ${String(e)}`
  }
  return redactText(line.replace(/\s*\n\s*/g, ' ').trim())
}
