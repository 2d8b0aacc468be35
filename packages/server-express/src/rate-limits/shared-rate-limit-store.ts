import type { Engine } from '@loyaltykit/engine'
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit'

/**
 * An express-rate-limit `Store` over the engine's fixed-window counters (`engine.rateLimits`: one
 * table in the database), so a limit holds across every server process sharing the database. A hit
 * is one atomic statement that counts only while the window holds fewer than `limit` hits; a refused
 * hit is reported as `limit + 1` hits, which express-rate-limit answers with 429. Windows are clock
 * windows (`[floor(now / windowMs) * windowMs, + windowMs)`), so `resetTime` is the same for every
 * process. One store per limiter, with its own `prefix` (the limiter's surface).
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false
  readonly prefix: string
  readonly #rateLimits: Engine['rateLimits']
  #limit = 0
  #windowMs = 60_000

  constructor(rateLimits: Engine['rateLimits'], prefix: string) {
    this.#rateLimits = rateLimits
    this.prefix = prefix
  }

  /** Takes the limiter's `windowMs` and `limit` (a number: the window counts up to it and no further). */
  init(options: Options): void {
    if (typeof options.limit !== 'number') throw new TypeError('SharedRateLimitStore needs a numeric limit')
    this.#limit = options.limit
    this.#windowMs = options.windowMs
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const hit = await this.#rateLimits.hit({ key: this.prefix + key, limit: this.#limit, windowMs: this.#windowMs })
    return { totalHits: hit.allowed ? hit.count : hit.limit + 1, resetTime: new Date(hit.resetAt) }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const w = await this.#rateLimits.peek({ key: this.prefix + key, limit: this.#limit, windowMs: this.#windowMs })
    return w.count === 0 ? undefined : { totalHits: w.count, resetTime: new Date(w.resetAt) }
  }

  /** Not supported: the shared counters never uncount (no `skipSuccessfulRequests`/`skipFailedRequests`). */
  decrement(): never {
    throw new Error('SharedRateLimitStore cannot uncount a hit: do not use skipSuccessfulRequests/skipFailedRequests')
  }

  /** Not supported: a window ends on its own at the next clock window. */
  resetKey(): never {
    throw new Error('SharedRateLimitStore cannot reset a window: windows end at the next clock window')
  }
}
