import { hostname } from 'node:os'

/** The hold part of a holder that signs on a shared chain (no `ChainPort.exclusiveHold`). */
const SHARED = 'shared'

/**
 * A signer lease holder id: `<hostname>:<pid>:<hold>:<id>`. Host and pid say which process holds
 * the lease (for people reading logs and the `leases` table; nothing decides on them: a pid is
 * reused, a container restart gives pid 1 again, a zombie still answers `kill(pid, 0)`). `hold` is
 * the chain's `exclusiveHold` when the process runs the chain exclusively, else `shared`.
 */
export function leaseHolderId(p: { hold: string | undefined; id: string }): string {
  return `${hostname()}:${process.pid}:${p.hold ?? SHARED}:${p.id}`
}

/** The hold a `leaseHolderId` was made under; undefined for other formats (older versions). */
export function leaseHoldOf(holder: string): string | undefined {
  const parts = holder.split(':')
  return parts.length >= 4 ? parts[2] : undefined
}
