import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

let ticksPerSecond: number | undefined

/**
 * CPU time (user + system, ms) a process has used so far, from `/proc/<pid>/stat`; undefined
 * without /proc (macOS) or once the process is gone. Resolution: one clock tick (10 ms at 100 Hz).
 */
export function readProcessCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
  } catch {
    return undefined
  }
}
