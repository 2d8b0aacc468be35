import { isLoyaltyError } from '../errors/loyalty-error'
import type { Storage, Stores } from '../ports/storage'

/** Most claims one grouped transaction runs; the rest wait for the next one. */
const MAX_GROUP = 100

type Waiting = {
  fn: (tx: Stores) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Group = { waiting: Waiting[]; running: boolean }

const groups = new WeakMap<Storage, Group>()

/**
 * Runs `fn` in a storage transaction as `storage.transaction(fn)` does (it commits before this
 * resolves; when it throws, nothing it wrote is kept), but on SQLite possibly together with other
 * callers' `fn`s: group commit (docs/performance.md#group-commit). Every `fn` runs alone in its own
 * savepoint, one after the other, so each sees the writes of those before it and a throwing `fn`
 * rolls back only its own writes when it throws a `LoyaltyError` (a refusal); each caller gets its
 * own answer or error after the one commit. Any other error (or a failed BEGIN, savepoint or
 * COMMIT) rolls the whole group back, and its callers run again, each in a transaction of its own,
 * as without grouping. The first caller when none is running starts at once; callers arriving
 * meanwhile are taken together (up to 100) as soon as it commits.
 *
 * SQLite runs one writer at a time, so sharing a transaction costs no concurrency and saves a
 * commit per caller. PostgreSQL runs each `fn` in its own transaction (concurrent writers; a
 * shared transaction would hold every caller's row locks until the last one finished).
 */
export function groupClaim<T>(storage: Storage, fn: (tx: Stores) => Promise<T>): Promise<T> {
  if (storage.dialect !== 'sqlite') return storage.transaction(fn)
  let group = groups.get(storage)
  if (!group) {
    group = { waiting: [], running: false }
    groups.set(storage, group)
  }
  const promise = new Promise<T>((resolve, reject) => {
    group.waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject })
  })
  if (!group.running) void drain(storage, group)
  return promise
}

async function drain(storage: Storage, group: Group): Promise<void> {
  group.running = true
  try {
    while (group.waiting.length > 0) {
      // One turn of the event loop first: the claims whose requests are ready by then join the group.
      await new Promise<void>((resolve) => setImmediate(resolve))
      await runGroup(storage, group.waiting.splice(0, MAX_GROUP))
    }
  } finally {
    group.running = false
  }
}

async function runGroup(storage: Storage, batch: Waiting[]): Promise<void> {
  const [only] = batch
  if (only && batch.length === 1) {
    await storage.transaction(only.fn).then(only.resolve, only.reject)
    return
  }
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = []
  try {
    await storage.transaction(async (tx) => {
      for (const w of batch) {
        try {
          outcomes.push({ ok: true, value: await tx.savepoint(() => w.fn(tx)) })
        } catch (error) {
          // A refusal (a LoyaltyError) was rolled back to its savepoint; anything else rolls the group back.
          if (!isLoyaltyError(error)) throw error
          outcomes.push({ ok: false, error })
        }
      }
    })
  } catch {
    // Nothing of the group was kept: each caller again in a transaction of its own, as ungrouped.
    for (const w of batch) await storage.transaction(w.fn).then(w.resolve, w.reject)
    return
  }
  batch.forEach((w, i) => {
    const outcome = outcomes[i]
    if (outcome?.ok) w.resolve(outcome.value)
    else w.reject(outcome?.error)
  })
}
