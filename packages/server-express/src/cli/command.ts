import type { ParseArgsOptionsConfig } from 'node:util'

/** Streams and environment a command runs with (tests pass their own). */
export type CliIo = {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  env: Readonly<Record<string, string | undefined>>
  cwd: string
}

export type CommandRunParameters = {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>
  positionals: string[]
  io: CliIo
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
