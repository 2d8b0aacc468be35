import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config/load-config'
import { SERVER_VERSION } from '../server-version'
import { editDistance } from '../text/edit-distance'
import { checkArguments } from './check-arguments'
import type { CliIo, Command } from './command'
import { COMMANDS } from './command-table'
import { formatCliError } from './format-cli-error'
import { UsageError } from './usage-error'

function write(stream: NodeJS.WritableStream, text: string) {
  stream.write(text.endsWith('\n') ? text : `${text}\n`)
}

function overview(prefix: string[]): string {
  const list = COMMANDS.filter((c) => prefix.every((w, i) => c.path[i] === w))
  const width = Math.max(...list.map((c) => c.path.join(' ').length))
  const lines = list.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`)
  const title =
    prefix.length === 0 ? 'loyaltykit <command> [options]' : `loyaltykit ${prefix.join(' ')} <command> [options]`
  return [
    `Usage: ${title}`,
    '',
    'Commands:',
    ...lines,
    '',
    'Run `loyaltykit <command> --help` for the options of a command.',
    'Configuration comes from environment variables and ./.env (see docs/configuration.md).',
  ].join('\n')
}

/** `--max-claims -1` → `--max-claims=-1`: a negative number after a string option is its value. */
function joinNegativeNumbers(args: string[], command: Command): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    const next = args[i + 1]
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined
    if (name && command.options[name]?.type === 'string' && next !== undefined && /^-\d+(\.\d+)?$/.test(next)) {
      out.push(`${a}=${next}`)
      i++
    } else out.push(a)
  }
  return out
}

function findCommand(argv: string[]): { command: Command | undefined; rest: string[]; words: string[] } {
  const words: string[] = []
  for (const a of argv) {
    if (a.startsWith('-')) break
    words.push(a)
  }
  let best: Command | undefined
  for (const c of COMMANDS) {
    if (c.path.every((w, i) => words[i] === w) && (best === undefined || c.path.length > best.path.length)) best = c
  }
  return { command: best, rest: best ? argv.slice(best.path.length) : argv, words }
}

/** The UsageError for words that select no command: what was expected instead, and the closest one. */
function unknownCommand(words: string[], prefix: string[]): UsageError {
  const candidates =
    prefix.length === 0
      ? [...new Set(COMMANDS.map((c) => c.path[0] as string))]
      : COMMANDS.filter((c) => c.path[0] === prefix[0]).map((c) => c.path.join(' '))
  const typed = words.slice(0, prefix.length === 0 ? 1 : 2).join(' ')
  const near = candidates
    .map((c) => ({ c, d: editDistance(typed, c) }))
    .filter((x) => x.d <= 2)
    .sort((a, b) => a.d - b.d)[0]?.c
  return new UsageError(
    `unknown command "${words.join(' ')}"${near ? ` (did you mean "${near}"?)` : ''}; commands: ${candidates.join(', ')}`,
    prefix,
  )
}

/** Exit code of a usage error (as getopt tools and Node's own CLI use): the command did nothing. */
const USAGE_EXIT_CODE = 2

/**
 * Runs the `loyaltykit` CLI; resolves to the exit code (never calls process.exit): 0 success, 2 a
 * usage error (unknown command or option, missing or malformed value: nothing was done), 1 any other
 * error (configuration included).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let command: Command | undefined
  try {
    if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
      write(io.stdout, SERVER_VERSION)
      return 0
    }
    const askedHelp = argv.includes('--help') || argv.includes('-h') || argv[0] === 'help'
    const found = findCommand(argv[0] === 'help' ? argv.slice(1) : argv)
    const { rest, words } = found
    command = found.command
    if (command === undefined) {
      const isGroup = words.length > 0 && COMMANDS.some((c) => c.path[0] === words[0])
      const prefix = isGroup ? [words[0] as string] : []
      if (askedHelp || words.length === 0 || (isGroup && words.length === 1)) {
        // No command (or a group without its command) is a usage error too: the overview says what to type.
        write(askedHelp ? io.stdout : io.stderr, overview(prefix))
        return askedHelp ? 0 : USAGE_EXIT_CODE
      }
      throw unknownCommand(words, prefix)
    }
    if (askedHelp) {
      write(io.stdout, `Usage: loyaltykit ${command.path.join(' ')} ${command.help}`)
      return 0
    }
    const args = joinNegativeNumbers(rest, command)
    checkArguments(command, args)
    let parsed: ReturnType<typeof parseArgs>
    try {
      parsed = parseArgs({
        args,
        options: command.options,
        strict: true,
        allowPositionals: command.allowPositionals ?? false,
      })
    } catch (e) {
      throw new UsageError(
        e instanceof Error ? e.message.replace(/\s*To specify an option argument.*$/s, '') : String(e),
        command.path,
      )
    }
    // Every command validates the whole configuration first, even one that uses a part of it.
    const config = loadConfig(io.env, {
      cwd: io.cwd,
      envFile: join(io.cwd, '.env'),
      onWarning: (message) => write(io.stderr, `loyaltykit: warning: ${message}`),
    })
    return await command.run({
      values: parsed.values as Record<string, string | boolean | string[] | boolean[] | undefined>,
      positionals: parsed.positionals,
      io: { stdout: io.stdout, stderr: io.stderr, cwd: io.cwd, config },
    })
  } catch (e) {
    write(io.stderr, formatCliError(e, command))
    return e instanceof UsageError ? USAGE_EXIT_CODE : 1
  }
}
