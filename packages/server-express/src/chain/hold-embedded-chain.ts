import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { type Logger, type Storage, UnavailableError } from '@loyaltykit/engine'
import { type EmbeddedChainLock, lockEmbeddedChain } from './lock-embedded-chain'

/** This process, among the holders of embedded-chain leases (random per process). */
const PROCESS_ID = randomUUID()

export type EmbeddedChainHold = {
  /** Random per start: the chain's `exclusiveHold` (signer leases held under another one are taken over at once). */
  id: string
  /** Stops renewing, releases the lease, then the OS lock. */
  release(): Promise<void>
}

/** `<data>/embedded-chain.lock`, or `<data>/embedded-chain.<chainKey>.lock` for another chain key. */
function embeddedChainLockFile(dataDir: string, chainKey: string): string {
  return join(dataDir, chainKey === 'embedded' ? 'embedded-chain.lock' : `embedded-chain.${chainKey}.lock`)
}

/** `<host>:<pid>:<lock id | nolock>:<process id>:<hold id>`. */
const holderOf = (lock: EmbeddedChainLock | undefined, hold: string) =>
  `${hostname()}:${process.pid}:${lock?.id ?? 'nolock'}:${PROCESS_ID}:${hold}`

function parseHolder(holder: string): { lock: string; process: string } | undefined {
  const parts = holder.split(':')
  return parts.length === 5 ? { lock: parts[2] as string, process: parts[3] as string } : undefined
}

const inUse = (message: string, details: Record<string, unknown>) =>
  new UnavailableError(
    `the embedded chain is running in another process (${message}); stop it, or use LOYALTYKIT_RPC_URL to share one chain`,
    'EMBEDDED_CHAIN_IN_USE',
    details,
  )

/**
 * Makes this process the one that runs the embedded chain `chainKey` of `storage`, in two layers:
 *
 * 1. The OS lock of the data folder (`lockEmbeddedChain`), when `dataDir` is given (the server always
 *    gives it): a live process on the same folder → EMBEDDED_CHAIN_IN_USE at once; a dead one (killed,
 *    zombie, same pid after a container restart, another host name) holds nothing.
 * 2. The database lease `embedded-chain:<chainKey>` (the chain's journal lives in the database, which
 *    processes on other data folders or hosts may share, e.g. PostgreSQL). A lease left by the holder
 *    of our lock file is taken over at once (it is dead: we hold its lock). A lease of this very
 *    process (a chain opened twice) → EMBEDDED_CHAIN_IN_USE. Any other holder may be a live process on
 *    another data folder, or a dead one: we log what we wait for and how long, and watch it; renewed
 *    meanwhile → EMBEDDED_CHAIN_IN_USE; expired → taken. After a crash a start thus comes up at once
 *    (same data folder) or after at most the lease's remaining time; it never refuses.
 *
 * The lease is renewed every `ttlMs / 3` while held.
 */
export async function holdEmbeddedChain(p: {
  storage: Storage
  chainKey: string
  dataDir: string | undefined
  ttlMs: number
  logger: Logger
}): Promise<EmbeddedChainHold> {
  const { storage, ttlMs, logger } = p
  const lock = p.dataDir ? lockEmbeddedChain(embeddedChainLockFile(p.dataDir, p.chainKey)) : undefined
  try {
    const name = `embedded-chain:${p.chainKey}`
    const id = randomUUID()
    const holder = holderOf(lock, id)
    const fence = await acquireChainLease({ storage, name, holder, ttlMs, lock, logger })
    const timer = setInterval(() => {
      storage.leases
        .renew({ name, holder, fence, ttlMs, now: Date.now() })
        .then((held) => {
          if (!held) logger.error({ lease: name }, 'the embedded chain lease was taken over by another process')
        })
        .catch((error: unknown) =>
          logger.warn({ lease: name, err: String(error) }, 'embedded chain lease renewal failed'),
        )
    }, ttlMs / 3)
    timer.unref()
    return {
      id,
      async release() {
        clearInterval(timer)
        await storage.leases.release({ name, holder, fence }).catch(() => undefined)
        lock?.release()
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}

async function acquireChainLease(p: {
  storage: Storage
  name: string
  holder: string
  ttlMs: number
  lock: EmbeddedChainLock | undefined
  logger: Logger
}): Promise<number> {
  const { storage, name, holder, ttlMs, lock, logger } = p
  const result = await storage.leases.acquire({ name, holder, ttlMs, now: Date.now() })
  if (result.acquired) return result.fence
  const previous = parseHolder(result.holder)
  if (lock && previous?.lock === lock.id) {
    // Its holder held our lock file, which we hold now: it is gone. Take over at once, by acquiring
    // "as of" its expiry (a compare-and-set on the fence).
    logger.warn(
      { lease: name, previousHolder: result.holder },
      'taking over the embedded chain from its previous process (gone: its lock is ours)',
    )
    const taken = await storage.leases.acquire({ name, holder, ttlMs, now: Math.max(Date.now(), result.expiresAt) })
    if (taken.acquired) return taken.fence
    throw inUse('it took the lease first', { holder: taken.holder, expiresAt: taken.expiresAt })
  }
  if (previous?.process === PROCESS_ID) {
    throw inUse('this process runs it already', { holder: result.holder, expiresAt: result.expiresAt })
  }
  return waitForExpiry({ ...p, seen: { holder: result.holder, expiresAt: result.expiresAt } })
}

/** Watches a lease we cannot judge until it expires or is let go (then takes it) or is renewed (then refuses). */
async function waitForExpiry(p: {
  storage: Storage
  name: string
  holder: string
  ttlMs: number
  logger: Logger
  seen: { holder: string; expiresAt: number }
}): Promise<number> {
  const { storage, name, holder, ttlMs, logger, seen } = p
  const waitMs = Math.max(0, seen.expiresAt - Date.now())
  logger.warn(
    { lease: name, holder: seen.holder, expiresAt: new Date(seen.expiresAt).toISOString(), waitMs },
    `the embedded chain lease is held by another process (on another data folder or host, or one that died): waiting up to ${waitMs} ms for it to expire`,
  )
  for (;;) {
    const current = await storage.leases.get(name)
    const live = current !== undefined && current.expiresAt > Date.now()
    if (live && (current.holder !== seen.holder || current.expiresAt > seen.expiresAt)) {
      throw inUse('its lease was renewed while this start waited', {
        holder: current.holder,
        expiresAt: current.expiresAt,
      })
    }
    if (!live) {
      const result = await storage.leases.acquire({ name, holder, ttlMs, now: Date.now() })
      if (result.acquired) {
        logger.info({ lease: name, previousHolder: seen.holder }, 'the embedded chain lease expired: taken over')
        return result.fence
      }
      throw inUse('it took the lease first', { holder: result.holder, expiresAt: result.expiresAt })
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(10, Math.min(1_000, ttlMs / 3, current.expiresAt - Date.now()))),
    )
  }
}
