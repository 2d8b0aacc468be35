import { randomUUID } from 'node:crypto'
import {
  ConflictError,
  type Engine,
  type IdempotencyClaim,
  type IdempotencyClaimRef,
  type IdempotentResponse,
  ValidationError,
} from '@loyaltykit/engine'
import type { RequestHandler, Response } from 'express'
import { idempotencyRequestHash, idempotencyScope } from './idempotency-scope'
import { isReplayableAnswer } from './replayable-answer'
import './request-context'

export type IdempotencySettings = {
  /** How long an answer is replayed (`LOYALTYKIT_IDEMPOTENCY_RETENTION_HOURS`, default 24 h). */
  retentionMs: number
  /** How long a duplicate waits for the first request before 409 IN_USE (`LOYALTYKIT_IDEMPOTENCY_WAIT_MS`, default 5 s). */
  waitMs: number
  /** A claim's lock, renewed every third of it while its request runs; a crashed one is taken over after it. Default 60 s. */
  lockTtlMs?: number
}

export type IdempotencyParameters = IdempotencySettings & {
  /** The engine's keys (`engine.idempotency`): held in storage, answers encrypted at rest. */
  keys: Engine['idempotency']
}

export const IDEMPOTENCY_DEFAULTS: IdempotencySettings = { retentionMs: 24 * 3_600_000, waitMs: 5_000 }

/** At most 255 visible ASCII characters, as Stripe allows. */
const KEY = /^[\x21-\x7e]{1,255}$/

/** The headers of an answer a client acts on; the rest (request id, CORS, security headers) are the replay's own. */
const STORED_HEADERS = [
  'content-type',
  'cache-control',
  'location',
  'retry-after',
  'x-should-retry',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]

/** A duplicate polls the store this often (other processes); one in this process is woken at once. */
const POLL_MS = 100

/** A request that never ends stops renewing its lock after this long. */
const MAX_HEARTBEAT_MS = 15 * 60_000

/**
 * `Idempotency-Key` on every POST (docs/idempotency.md). The first answer of a key is stored (see
 * `isReplayableAnswer`) for `retentionMs` and replayed with `Idempotent-Replayed: true`; the same key
 * with another request (method, path, raw body) → 409 IDEMPOTENCY_KEY_REUSED; while the first runs, a
 * duplicate waits up to `waitMs` for its answer, else 409 IDEMPOTENCY_KEY_IN_USE with `Retry-After: 1`.
 * State lives in the store, so it holds across processes. Mounted after the JSON body parser (the
 * hash covers `req.rawBody`), before the routes; the Stripe webhook answers before it (event-id dedup).
 * The answer is stored before it is sent: a client that saw it can always have it replayed.
 */
export function idempotency(p: IdempotencyParameters): RequestHandler {
  const lockTtlMs = p.lockTtlMs ?? 60_000
  const wakeups = new Map<string, Set<() => void>>()
  const wake = (ref: IdempotencyClaimRef) => {
    const id = `${ref.scope}\n${ref.key}`
    for (const resolve of wakeups.get(id) ?? []) resolve()
    wakeups.delete(id)
  }
  const sleep = (ref: IdempotencyClaimRef, ms: number) =>
    new Promise<void>((resolve) => {
      const id = `${ref.scope}\n${ref.key}`
      const set = wakeups.get(id) ?? new Set()
      wakeups.set(id, set)
      const done = () => {
        clearTimeout(timer)
        set.delete(done)
        if (set.size === 0 && wakeups.get(id) === set) wakeups.delete(id)
        resolve()
      }
      const timer = setTimeout(done, ms)
      set.add(done)
    })

  let lastPurge = 0
  const purgeNowAndThen = (log: Express.Request['log']) => {
    const now = Date.now()
    if (now - lastPurge < 10 * 60_000) return
    lastPurge = now
    p.keys.purge().catch((err) => log.warn({ err }, 'idempotency purge failed'))
  }

  const claimOrWait = async (ref: IdempotencyClaimRef, requestHash: string): Promise<IdempotencyClaim> => {
    const deadline = performance.now() + p.waitMs
    for (;;) {
      const claim = await p.keys.claim({ ...ref, requestHash }, { lockTtlMs })
      const left = deadline - performance.now()
      if (claim.state !== 'in_progress' || left <= 0) return claim
      await sleep(ref, Math.min(left, POLL_MS))
    }
  }

  return async (req, res, next) => {
    const key = req.headers['idempotency-key']
    if (req.method !== 'POST' || key === undefined) return next()
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new ValidationError('Invalid Idempotency-Key', [
        { field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
      ])
    }
    const ref = { scope: idempotencyScope(req), key, claimId: randomUUID() }
    purgeNowAndThen(req.log)
    const claim = await claimOrWait(ref, idempotencyRequestHash(req))
    if (claim.state === 'replay') return replay(res, claim.response)
    if (claim.state === 'mismatch') {
      res.setHeader('X-Should-Retry', 'false')
      throw new ConflictError(
        'This Idempotency-Key was used with another request (method, path or body)',
        'IDEMPOTENCY_KEY_REUSED',
        { idempotencyKey: key },
      )
    }
    if (claim.state === 'in_progress') {
      res.setHeader('Retry-After', '1')
      res.setHeader('X-Should-Retry', 'true')
      throw new ConflictError(
        'A request with this Idempotency-Key is still in progress; retry shortly',
        'IDEMPOTENCY_KEY_IN_USE',
        { idempotencyKey: key },
      )
    }

    const started = performance.now()
    const heartbeat = setInterval(
      () => {
        if (performance.now() - started > MAX_HEARTBEAT_MS) return clearInterval(heartbeat)
        p.keys.extend(ref, { lockTtlMs }).catch((err) => req.log.warn({ err }, 'idempotency lock renewal failed'))
      },
      Math.max(1, Math.floor(lockTtlMs / 3)),
    )
    heartbeat.unref()

    const settle = async (body: Buffer) => {
      clearInterval(heartbeat)
      try {
        if (res.headersSent || !isReplayableAnswer(res.statusCode, res.locals.errorCode as string | undefined)) {
          await p.keys.release(ref)
          return
        }
        const response = { status: res.statusCode, headers: storedHeaders(res), body: body.toString('base64') }
        const kept = await p.keys.complete({ ...ref, response }, { retentionMs: p.retentionMs })
        if (!kept) req.log.warn({ idempotencyKey: key }, 'idempotency claim was taken over; answer not stored')
      } catch (err) {
        req.log.error({ err, idempotencyKey: key }, 'idempotency answer not stored')
      } finally {
        wake(ref)
      }
    }

    // Hold the answer until it is stored (or the key released), then send it as it was.
    const end = res.end
    res.end = ((...args: unknown[]) => {
      res.end = end
      const [chunk, encoding] = args
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : Buffer.alloc(0)
      settle(body).finally(() => (end as (...a: unknown[]) => Response).apply(res, args))
      return res
    }) as Response['end']
    next()
  }
}

function storedHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of STORED_HEADERS) {
    const v = res.getHeader(name)
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : String(v)
  }
  return out
}

function replay(res: Response, stored: IdempotentResponse): void {
  const body = Buffer.from(stored.body, 'base64')
  res.status(stored.status)
  for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value)
  res.setHeader('Idempotent-Replayed', 'true')
  res.setHeader('Content-Length', String(body.length))
  res.end(body)
}
