import { randomUUID } from 'node:crypto'
import { PROXY_ERROR_HEADER } from './round-robin-proxy'

/** What a client keeps of an answer: enough to tell whether a replay is the same answer. */
export type RecordedAnswer = { status: number; body: string }

export type ClientRequest = {
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  headers?: Record<string, string>
  /** The Idempotency-Key (POST); a fresh UUID unless given (a retry of a logical request reuses it). */
  key?: string
}

export type ClientAnswer = RecordedAnswer & { headers: Headers; json<T = Record<string, unknown>>(): T }

/** A replay (a retry under a key that was already answered) whose answer differs from the first one. */
type ReplayMismatch = { key: string; path: string; first: RecordedAnswer; later: RecordedAnswer }

type ClientFigures = {
  /** Logical requests (one key each). */
  requests: number
  /** Attempts beyond the first of a logical request (connection errors, 5xx, 409 in use). */
  retries: number
  /** Deliberate second sends of an answered request with its key (the client "lost" the answer). */
  replays: number
  /** Retries and replays whose first answer was stored by the server, and so compared. */
  compared: number
  /** Final answers by status. */
  byStatus: Record<string, number>
  mismatches: ReplayMismatch[]
  /** Logical requests still unanswered at their deadline. */
  unanswered: Array<{ key: string; path: string; last: string }>
}

/** Answers the server stores and replays (docs/idempotency.md): everything but these. */
const notStored = (a: RecordedAnswer) =>
  a.status === 429 ||
  a.status === 503 ||
  a.status === 401 ||
  a.status === 413 ||
  (a.status === 400 && /VALIDATION_FAILED|MALFORMED_JSON/.test(a.body)) ||
  (a.status === 409 && /IDEMPOTENCY_KEY_(IN_USE|REUSED)/.test(a.body))

const retryable = (status: number, headers: Headers) =>
  status >= 500 || (status === 409 && headers.get('x-should-retry') === 'true')

/**
 * An HTTP client that sends every POST with an Idempotency-Key and retries it with the same key on
 * connection errors, 5xx and 409 `IDEMPOTENCY_KEY_IN_USE` until answered (backoff up to 2 s, for at
 * most `deadlineMs`), as the SDK does. It records the first answer of each key and compares every
 * later answer of the key with it; `replayEvery` sends every n-th answered POST once more under its key.
 */
export function createIdempotentClient(baseUrl: string, options: { deadlineMs?: number; replayEvery?: number } = {}) {
  const deadlineMs = options.deadlineMs ?? 150_000
  const first = new Map<string, RecordedAnswer>()
  const figures: ClientFigures = {
    requests: 0,
    retries: 0,
    replays: 0,
    compared: 0,
    byStatus: {},
    mismatches: [],
    unanswered: [],
  }
  let answered = 0

  const attempt = async (r: ClientRequest, key: string) => {
    const raw = r.body === undefined ? undefined : JSON.stringify(r.body)
    const res = await fetch(`${baseUrl}${r.path}`, {
      method: r.method,
      redirect: 'manual',
      headers: {
        ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
        ...(r.method === 'POST' ? { 'idempotency-key': key } : {}),
        ...r.headers,
      },
      ...(raw === undefined ? {} : { body: raw }),
    })
    return { status: res.status, body: await res.text(), headers: res.headers }
  }

  const remember = (key: string, path: string, answer: RecordedAnswer) => {
    const earlier = first.get(key)
    if (!earlier) {
      if (!notStored(answer)) first.set(key, answer)
      return
    }
    figures.compared++
    if (earlier.status !== answer.status || earlier.body !== answer.body)
      figures.mismatches.push({ key, path, first: earlier, later: answer })
  }

  /** Sends until answered; the answer is the first non-retryable one. Throws past the deadline. */
  async function send(r: ClientRequest): Promise<ClientAnswer> {
    const key = r.key ?? randomUUID()
    figures.requests++
    const deadline = Date.now() + deadlineMs
    let last = ''
    for (let n = 0; ; n++) {
      if (n > 0) figures.retries++
      try {
        const a = await attempt(r, key)
        const proxyError = a.headers.get(PROXY_ERROR_HEADER) !== null
        if (!retryable(a.status, a.headers)) {
          figures.byStatus[a.status] = (figures.byStatus[a.status] ?? 0) + 1
          if (r.method === 'POST') {
            remember(key, r.path, a)
            if (options.replayEvery && ++answered % options.replayEvery === 0 && !notStored(a)) {
              figures.replays++
              const again = await attempt(r, key).catch(() => undefined)
              if (again && !retryable(again.status, again.headers)) remember(key, r.path, again)
            }
          }
          return { ...a, json: <T>() => JSON.parse(a.body) as T }
        }
        last = `${a.status}${proxyError ? ' (proxy)' : ''} ${a.body.slice(0, 200)}`
      } catch (error) {
        last = String((error as Error).cause ?? error)
      }
      if (Date.now() > deadline) {
        figures.unanswered.push({ key, path: r.path, last })
        throw new Error(`${r.method} ${r.path} unanswered after ${deadlineMs} ms: ${last}`)
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** n)))
    }
  }

  return { send, figures }
}

export type IdempotentClient = ReturnType<typeof createIdempotentClient>
