import { hostname } from 'node:os'

/** A lease holder id that names its process: `<hostname>:<pid>:<random>`. */
export function leaseHolderId(random: string): string {
  return `${hostname()}:${process.pid}:${random}`
}

/**
 * Whether the holder named by a `leaseHolderId` was a process of this machine that is not running
 * any more (killed, crashed). Then its lease need not run out: a successor may take it over at once.
 * Unknown formats, other machines and live processes answer false.
 */
export function isLeaseHolderGone(holder: string): boolean {
  const [host, pid] = holder.split(':')
  if (host !== hostname() || !pid || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
