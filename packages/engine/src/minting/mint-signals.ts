/**
 * In-process signals between enqueuers, waiters and the minter that share one Storage object:
 * "there may be new jobs" and "these jobs are confirmed". Only a shortcut: every waiter also polls
 * storage, so minters and waiters in other processes work the same, only later.
 */
export type MintSignals = {
  /** Wakes the minters of this storage (a job was committed). */
  wake(): void
  onWake(listener: () => void): () => void
  confirmed(jobIds: readonly string[]): void
  onConfirmed(jobId: string, listener: () => void): () => void
}

const byStorage = new WeakMap<object, MintSignals>()

function createSignals(): MintSignals {
  const wakeListeners = new Set<() => void>()
  const confirmListeners = new Map<string, Set<() => void>>()
  return {
    wake() {
      for (const listener of [...wakeListeners]) listener()
    },
    onWake(listener) {
      wakeListeners.add(listener)
      return () => wakeListeners.delete(listener)
    },
    confirmed(jobIds) {
      for (const id of jobIds) {
        const listeners = confirmListeners.get(id)
        if (!listeners) continue
        confirmListeners.delete(id)
        for (const listener of listeners) listener()
      }
    },
    onConfirmed(jobId, listener) {
      let listeners = confirmListeners.get(jobId)
      if (!listeners) {
        listeners = new Set()
        confirmListeners.set(jobId, listeners)
      }
      listeners.add(listener)
      return () => {
        const current = confirmListeners.get(jobId)
        current?.delete(listener)
        if (current?.size === 0) confirmListeners.delete(jobId)
      }
    },
  }
}

/** The signals of one Storage object (created on first use). */
export function mintSignals(storage: object): MintSignals {
  let signals = byStorage.get(storage)
  if (!signals) {
    signals = createSignals()
    byStorage.set(storage, signals)
  }
  return signals
}
