import { parseArgs } from 'node:util'
import { editDistance } from '../text/edit-distance'
import type { Command } from './command'
import { optionHelp } from './option-help'
import { UsageError } from './usage-error'

/** The option of `known` closest to `name` when it is a likely typo (at most 2 edits, or a prefix). */
function closestOption(name: string, known: string[]): string | undefined {
  let best: { name: string; score: number } | undefined
  for (const candidate of known) {
    const score = candidate.startsWith(name) || name.startsWith(candidate) ? 1 : editDistance(name, candidate)
    if (score <= 2 && (best === undefined || score < best.score)) best = { name: candidate, score }
  }
  return best?.name
}

/**
 * Throws a UsageError naming the first mistake in `args` for `command` (the arguments after its
 * words): an unknown option (with the closest known one and the list of options), an option without
 * its value, a switch given a value, or an argument a command without positionals does not take.
 * Reads node's parseArgs tokens (non-strict) instead of its error messages, which are not an API.
 */
export function checkArguments(command: Command, args: string[]): void {
  const { tokens } = parseArgs({
    args,
    options: command.options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  const path = command.path
  for (const token of tokens) {
    if (token.kind === 'option-terminator') return
    if (token.kind === 'positional') {
      if (command.allowPositionals) continue
      throw new UsageError(
        `unexpected argument "${token.value}": \`loyaltykit ${path.join(' ')}\` takes options only`,
        path,
      )
    }
    const option = command.options[token.name]
    if (option === undefined) {
      const known = Object.keys(command.options)
      const near = closestOption(token.name, known)
      const list = [...optionHelp(command).entries()]
        .filter(([name]) => name !== 'help')
        .map(([, o]) => o.usage)
        .join(', ')
      const expected = list ? `options: ${list}` : `\`loyaltykit ${path.join(' ')}\` takes no option but --help`
      throw new UsageError(
        `unknown option ${token.rawName}${near ? ` (did you mean --${near}?)` : ''}; ${expected}`,
        path,
      )
    }
    if (option.type === 'boolean' && token.value !== undefined) {
      throw new UsageError(`--${token.name} takes no value, got "${token.value}"`, path, token.name)
    }
    if (
      option.type === 'string' &&
      (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))
    ) {
      throw new UsageError(`--${token.name} needs a value`, path, token.name)
    }
  }
}
