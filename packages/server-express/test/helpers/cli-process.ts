import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
const cliSource = join(repoRoot, 'packages', 'server-express', 'src', 'cli', 'main.ts')

/** Environment for a spawned CLI: no inherited loyaltykit/DB variables, quiet logs unless asked. */
export function cliEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v
  return env
}

/** How to run the `loyaltykit` CLI from source: node + tsx with the source condition, from the repository root. */
export function cliSourceCommand(args: string[]): { command: string; args: string[]; cwd: string } {
  return {
    command: process.execPath,
    args: ['--conditions=source', '--import', 'tsx', cliSource, ...args],
    cwd: repoRoot,
  }
}

/** Spawns a TypeScript entry of the repository from source (node + tsx, source condition), from the repository root. */
function spawnSource(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Spawns the `loyaltykit` CLI from source, as a user would run it. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawnSource(cliSource, args, env)
}

export type CliResult = { code: number | null; stdout: string; stderr: string }

/** Runs the CLI to completion. */
export function runCliProcess(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<CliResult> {
  return runSourceProcess(cliSource, args, env, { timeoutMs })
}

/**
 * Runs a TypeScript entry from source to completion; past `timeoutMs` it is sent `killSignal`
 * (default SIGKILL) and the promise rejects.
 */
export function runSourceProcess(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { timeoutMs: number; killSignal?: NodeJS.Signals },
): Promise<CliResult> {
  const { timeoutMs, killSignal = 'SIGKILL' } = options
  return new Promise((resolve, reject) => {
    const child = spawnSource(entry, args, env)
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (d) => {
      stdout += d
    })
    child.stderr?.on('data', (d) => {
      stderr += d
    })
    const timer = setTimeout(() => {
      child.kill(killSignal)
      reject(new Error(`${entry} ${args.join(' ')} did not exit within ${timeoutMs} ms; stderr: ${stderr}`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** A long-running CLI process (`start`, `chain serve`) and what it printed so far. */
export type RunningCli = {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves with the exit code once it exited. */
  exited: Promise<number | null>
}

/**
 * Spawns a long-running CLI command and resolves once its stdout matches `ready` (its banner).
 * Rejects, killing it, when it exits first or prints no banner within `timeoutMs`.
 */
export async function startCliProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 90_000,
): Promise<RunningCli> {
  const child = spawnCli(args, env)
  let out = ''
  let err = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    err += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const deadline = Date.now() + timeoutMs
  while (!ready.test(out)) {
    if (child.exitCode !== null) throw new Error(`loyaltykit ${args.join(' ')} exited with ${child.exitCode}: ${err}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`loyaltykit ${args.join(' ')} printed no banner in time; stderr: ${err.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { child, stdout: () => out, stderr: () => err, exited }
}

/** SIGTERM, then the exit code; past `timeoutMs` it is killed and the promise rejects. */
export async function stopCliProcess(p: RunningCli, timeoutMs = 15_000): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode
  p.child.kill('SIGTERM')
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs))
  const code = await Promise.race([p.exited, timeout])
  if (code === 'timeout') {
    p.child.kill('SIGKILL')
    throw new Error(`the process did not stop within ${timeoutMs} ms of SIGTERM`)
  }
  return code
}
