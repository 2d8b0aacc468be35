import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Resident memory of a process in KB: `/proc/<pid>/status` (VmRSS, and VmHWM: the kernel's peak), else `ps`. */
export function readProcessMemory(pid: number): { rssKb: number; peakKb: number | undefined } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => {
      const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)
      return m ? Number(m[1]) : undefined
    }
    const rssKb = kb('VmRSS')
    if (rssKb !== undefined) return { rssKb, peakKb: kb('VmHWM') }
  } catch {
    // no /proc (macOS) or the process is gone: try ps
  }
  try {
    const rssKb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim())
    return Number.isFinite(rssKb) && rssKb > 0 ? { rssKb, peakKb: undefined } : undefined
  } catch {
    return undefined
  }
}

/**
 * Samples a process's resident memory every `intervalMs` until `stop()`, which answers the peak in
 * MB: the largest sample, or the kernel's own high-water mark (VmHWM) when larger.
 */
export function trackPeakRss(pid: number, intervalMs = 250): { stop(): number } {
  let peakKb = 0
  const sample = () => {
    const m = readProcessMemory(pid)
    if (m) peakKb = Math.max(peakKb, m.rssKb, m.peakKb ?? 0)
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  timer.unref()
  return {
    stop() {
      sample()
      clearInterval(timer)
      return Math.round(peakKb / 1024)
    },
  }
}
