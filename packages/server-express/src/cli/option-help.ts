import type { Command } from './command'

/** One line of a command's `Options:` help: `--brand ID   brandId (required)`. */
export type OptionHelp = {
  /** How it is written, e.g. `--brand ID` or `--json`. */
  usage: string
  /** What it takes / does, without the "(required)" markers. */
  description: string
}

const LINE = /^\s+(?:-\w, )?(--[\w-]+)((?: [^\s-][^\s]*)?)\s{2,}(.*)$/

/**
 * The options a command documents in the `Options:` section of its --help, by name (`brand`), so that
 * a usage error can say what an option takes in the words of the help (one source for both).
 */
export function optionHelp(command: Pick<Command, 'help'>): Map<string, OptionHelp> {
  const out = new Map<string, OptionHelp>()
  const section = command.help.split(/^Options:$/m)[1] ?? ''
  for (const line of section.split('\n')) {
    const m = LINE.exec(line)
    if (!m) continue
    const [, flag, value, text] = m as unknown as [string, string, string, string]
    const description = text
      .replace(/\s*\(required\)/i, '')
      .replace(/;\s*required\)/i, ')')
      .trim()
    out.set(flag.slice(2), { usage: `${flag}${value}`, description })
  }
  return out
}

/** `--brand ID: brandId` for a usage error; `--brand` alone when the help does not list it. */
export function describeOption(command: Pick<Command, 'help'>, flag: string): string {
  const help = optionHelp(command).get(flag)
  if (!help) return `--${flag}`
  return help.description ? `${help.usage}: ${help.description}` : help.usage
}
