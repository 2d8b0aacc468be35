import type { ServerIncarnation } from './chaos-cluster'

export type LeaseAcquisition = { slot: number; pid: number; at: number; fence: number; lease: string }

type LogLine = { msg?: string; lease?: string; fence?: number; time?: string | number }

/** pino's time: an ISO string (the servers' logger) or epoch milliseconds. */
const timeOf = (l: LogLine) => (typeof l.time === 'string' ? Date.parse(l.time) : (l.time ?? 0))

const linesOf = (i: ServerIncarnation): LogLine[] =>
  i.process
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes('"lease'))
    .map((l) => JSON.parse(l) as LogLine)

/**
 * Who held the minter lease(s) and when, from the servers' JSON logs ('lease acquired' lines), and
 * whether it was one holder at a time: per lease, each acquisition took a higher fence than the one
 * before (the compare-and-set in the database), and the holder changed only after the previous one
 * was killed or logged that it lost the lease (it stalled past the TTL; its fenced writes then fail).
 */
export function minterLeaseHistory(incarnations: readonly ServerIncarnation[]) {
  const acquisitions: LeaseAcquisition[] = []
  const lost = new Map<number, number[]>()
  for (const i of incarnations) {
    for (const line of linesOf(i)) {
      if (!line.lease?.startsWith('minter:')) continue
      if (line.msg === 'lease acquired')
        acquisitions.push({ slot: i.slot, pid: i.pid, at: timeOf(line), fence: Number(line.fence), lease: line.lease })
      else if (line.msg?.startsWith('lease lost')) lost.set(i.pid, [...(lost.get(i.pid) ?? []), timeOf(line)])
    }
  }
  const violations: string[] = []
  const byLease = new Map<string, LeaseAcquisition[]>()
  for (const a of acquisitions) byLease.set(a.lease, [...(byLease.get(a.lease) ?? []), a])
  for (const [lease, list] of byLease) {
    list.sort((a, b) => a.fence - b.fence)
    for (const [n, b] of list.entries()) {
      const a = list[n - 1]
      if (!a) continue
      if (b.at < a.at) violations.push(`${lease}: fence ${b.fence} was taken before fence ${a.fence}`)
      if (a.pid === b.pid) continue
      const killedAt = incarnations.find((i) => i.pid === a.pid)?.killedAt
      const lostIt = lost.get(a.pid)?.some((t) => t >= a.at)
      if (!(killedAt !== undefined && killedAt <= b.at) && !lostIt)
        violations.push(`${lease}: pid ${b.pid} took fence ${b.fence} while pid ${a.pid} (fence ${a.fence}) was alive`)
    }
  }
  return { acquisitions, holders: new Set(acquisitions.map((a) => a.pid)).size, violations }
}
