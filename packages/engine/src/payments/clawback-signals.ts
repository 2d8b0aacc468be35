/**
 * "There may be clawback work": in-process wake-ups between whoever records refunds and the
 * clawback worker of the same Storage object. Only a shortcut; the worker also polls storage.
 */
const byStorage = new WeakMap<object, Set<() => void>>()

export function onClawbackWork(storage: object, listener: () => void): () => void {
  let listeners = byStorage.get(storage)
  if (!listeners) {
    listeners = new Set()
    byStorage.set(storage, listeners)
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function signalClawbackWork(storage: object): void {
  for (const listener of [...(byStorage.get(storage) ?? [])]) listener()
}
