import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readProcessCpuMs } from './process-cpu'
import { trackPeakRss } from './process-memory'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

export type BenchProcess = {
  pid: number
  /** `http://127.0.0.1:PORT`, read from the process's `listening on http://…` line. */
  origin: string
  /** The process's stderr (its logs). */
  logFile: string
  /** CPU time (ms) the process has used so far; undefined without /proc. */
  cpuMs(): number | undefined
  /** Stops sampling and answers the peak resident memory (MB) seen so far. */
  peakRssMb(): number
  /** SIGTERM, then the exit code (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>
}

/**
 * Starts a TypeScript entry as its own Node process (this Node, `--conditions=source --import
 * tsx`, as `pnpm bench:*` runs), stdout read for its `listening on http://…` line, stderr written
 * to `logFile`; resolves once it listens, with its resident memory sampled from then on.
 */
export async function spawnBenchProcess(p: {
  entry: string
  args: string[]
  env: NodeJS.ProcessEnv
  logFile: string
  startTimeoutMs?: number
  /** Node options before the entry (e.g. `--cpu-prof`). */
  nodeArgs?: string[]
}): Promise<BenchProcess> {
  const log = openSync(p.logFile, 'a')
  let child: ChildProcess
  try {
    child = spawn(
      process.execPath,
      [...(p.nodeArgs ?? []), '--conditions=source', '--import', 'tsx', p.entry, ...p.args],
      {
        cwd: repoRoot,
        env: p.env,
        stdio: ['ignore', 'pipe', log],
      },
    )
  } finally {
    closeSync(log)
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const logTail = () => readFileSync(p.logFile, 'utf8').split('\n').slice(-30).join('\n')
  const origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${p.entry} did not start within ${p.startTimeoutMs ?? 120_000} ms; its log:\n${logTail()}`))
    }, p.startTimeoutMs ?? 120_000)
    child.stdout?.on('data', (d) => {
      out += d
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
      if (!url) return
      clearTimeout(timer)
      const u = new URL(url)
      resolve(`http://127.0.0.1:${u.port}`)
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${p.entry} exited with ${code} before listening; its log:\n${logTail()}`))
    })
  })
  const pid = child.pid as number
  const memory = trackPeakRss(pid)
  let peak: number | undefined
  return {
    pid,
    origin,
    logFile: p.logFile,
    cpuMs: () => readProcessCpuMs(pid),
    peakRssMb: () => {
      peak ??= memory.stop()
      return peak
    },
    async stop(timeoutMs = 30_000) {
      peak ??= memory.stop()
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}
