import { createLoyaltyKit } from './create-loyalty-kit'
import type { LoyaltyKit } from './types'

/** A call queued by the snippet stub: `[method, argsArrayOrArguments]` or `[method, ...args]`. */
type QueuedCall = [string, ...unknown[]]
type Stub = Partial<LoyaltyKit> & { q?: unknown }

/**
 * The script build (`sdk.js`): sets `window.LoyaltyKit`. The default endpoint is the origin this
 * script was loaded from. If the page's snippet stub (`window.LoyaltyKit = window.LoyaltyKit || { q: [] }`)
 * queued calls, they are replayed in order, and the stub object itself gets the real methods, so
 * references the page kept to it keep working. Loading the script twice keeps the first instance.
 */
try {
  const w = window as unknown as { LoyaltyKit?: Stub }
  const existing = w.LoyaltyKit
  if (typeof existing?.version !== 'string') {
    let endpoint: string | undefined
    try {
      const src = (document.currentScript as HTMLScriptElement | null)?.src
      if (src) endpoint = new URL(src).origin
    } catch {}
    const kit = createLoyaltyKit(endpoint ? { endpoint } : {})
    const target: Stub = existing && typeof existing === 'object' ? existing : {}
    const queued = Array.isArray(target.q) ? (target.q as unknown[]) : []
    const replay = (entry: unknown) => {
      try {
        if (!Array.isArray(entry)) return
        const [method, ...rest] = entry as QueuedCall
        const first = rest[0]
        const args =
          rest.length === 1 && typeof first === 'object' && first !== null && 'length' in first
            ? Array.from(first as ArrayLike<unknown>)
            : rest
        if (method === 'init' || method === 'track' || method === 'identify') {
          ;(kit[method] as (...a: unknown[]) => unknown)(...args)
        }
      } catch {}
    }
    Object.assign(target, kit, { q: { push: replay } })
    w.LoyaltyKit = target
    for (const entry of queued) replay(entry)
  }
} catch {}
