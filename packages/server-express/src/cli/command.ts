import type { ParseArgsOptionsConfig } from 'node:util'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'

/** Streams, environment and working folder the CLI runs with (tests pass their own). */
export type CliIo = {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /** The environment; default `process.env`. `<cwd>/.env` adds variables it lacks. */
  env?: Readonly<Record<string, string | undefined>>
  cwd: string
}

/** What a command runs with: the CLI's streams and folder, and the configuration loaded from its environment. */
export type CommandIo = Omit<CliIo, 'env'> & { config: LoyaltykitConfig }

type CommandRunParameters = {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>
  positionals: string[]
  io: CommandIo
}

/** One CLI command (one file per command under commands/). */
export type Command = {
  /** Words that select it, e.g. ['brand', 'create']. */
  path: string[]
  summary: string
  /** Usage lines and option descriptions shown by --help. */
  help: string
  options: ParseArgsOptionsConfig
  /** Positional arguments allowed (default none). */
  allowPositionals?: boolean
  /** Resolves to the exit code. */
  run(p: CommandRunParameters): Promise<number>
}
