import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/run-cli'

export type CliRun = {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON (for `--json`), untyped as JSON.parse answers. */
  json(): ReturnType<typeof JSON.parse>
}

/** The `loyaltykit` CLI in this process (same code as the binary), with its own stdout/stderr. */
export async function runCliHere(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): Promise<CliRun> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (d) => {
    out += d
  })
  stderr.on('data', (d) => {
    err += d
  })
  const code = await runCli(args, { stdout, stderr, env, cwd })
  return { code, stdout: out, stderr: err, json: () => JSON.parse(out) }
}
