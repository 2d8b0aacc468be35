import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'chain-minter-process.ts')
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export type MinterProcess = {
  child: ChildProcess
  lines: Array<Record<string, unknown>>
  stderr: () => string
  /** Resolves with the first line of this `event`. */
  waitFor(event: string, timeoutMs?: number): Promise<Record<string, unknown>>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** `exited`, or a rejection naming the process's last output after `timeoutMs`. */
  exit(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Spawns test/fixtures/chain-minter-process.ts (see its header for the LK_* variables). */
export function spawnMinterProcess(env: Record<string, string | undefined>): MinterProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', fixture], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Array<Record<string, unknown>> = []
  const waiters: Array<{ event: string; resolve: (l: Record<string, unknown>) => void }> = []
  let buffer = ''
  let stderr = ''
  child.stdout?.on('data', (d) => {
    buffer += d
    let i = buffer.indexOf('\n')
    while (i >= 0) {
      const line = JSON.parse(buffer.slice(0, i)) as Record<string, unknown>
      buffer = buffer.slice(i + 1)
      lines.push(line)
      for (const w of waiters.filter((w) => w.event === line.event)) w.resolve(line)
      i = buffer.indexOf('\n')
    }
  })
  child.stderr?.on('data', (d) => {
    stderr += d
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    exit(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL')
          reject(
            new Error(
              `process did not exit within ${timeoutMs} ms; last lines ${JSON.stringify(lines.slice(-3))}; stderr: ${stderr.slice(-2000)}`,
            ),
          )
        }, timeoutMs)
      })
      return Promise.race([exited, timeout]).finally(() => clearTimeout(timer))
    },
    waitFor(event, timeoutMs = 60_000) {
      const seen = lines.find((l) => l.event === event)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${event}" line within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)),
          timeoutMs,
        )
        exited.then(({ code, signal }) => {
          clearTimeout(timer)
          reject(new Error(`process exited (${code ?? signal}) before "${event}"; stderr: ${stderr.slice(-2000)}`))
        })
        waiters.push({
          event,
          resolve: (l) => {
            clearTimeout(timer)
            resolve(l)
          },
        })
      })
    },
  }
}
