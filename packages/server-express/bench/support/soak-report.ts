import type { LatencySummary } from './latency-summary'

/** One sample window of the soak: its load, and the server's state at its end. */
export type SoakWindow = {
  index: number
  /** Seconds since the first window started, at this window's start. */
  startSecond: number
  warmup: boolean
  requests: number
  statuses: Record<string, number>
  /** Answers whose status was not the one their kind must answer (network errors included). */
  errors: number
  latencyMs: LatencySummary
  rssMb: number
  /** Resident memory of `loyaltykit chain serve` when the chain runs in its own process (not judged). */
  chainRssMb?: number
  /** Mint jobs in the database at the window's end (the chain's work so far). */
  mintJobs: number
  /** prom-client's `nodejs_active_handles_total` (sockets, timers, servers, files). */
  activeHandles: number
  heapUsedMb: number
}

export type SoakVerdict = {
  /** Medians of the first two judged windows and of the last two. */
  rssMb: { first: number; last: number; growthPct: number; ok: boolean }
  activeHandles: { first: number; last: number; growthPct: number; ok: boolean }
  p99Ms: { first: number; last: number; ratio: number; ok: boolean }
  errors: { count: number; ok: boolean }
  mintsUnconfirmedAfterWait: { count: number; ok: boolean }
  ok: boolean
}

const median2 = (a: number, b: number) => (a + b) / 2
const round1 = (n: number) => Math.round(n * 10) / 10

/**
 * Judges the windows after warm-up: RSS and open handles grow < 10 % from the first two judged
 * windows to the last two (handles: or by at most 2, as a handful of sockets come and go), p99 of the
 * last two ≤ 1.5 × the first two's (+ 5 ms for timer noise on a small p99), no error, every mint
 * confirmed at the end.
 */
export function judgeSoak(windows: readonly SoakWindow[], mintsUnconfirmed: number): SoakVerdict {
  const judged = windows.filter((w) => !w.warmup)
  if (judged.length < 2) throw new Error('the soak needs at least two windows after warm-up')
  const [a, b] = [judged[0] as SoakWindow, judged[1] as SoakWindow]
  const [y, z] = [judged.at(-2) as SoakWindow, judged.at(-1) as SoakWindow]
  const pair = (f: (w: SoakWindow) => number) => ({ first: median2(f(a), f(b)), last: median2(f(y), f(z)) })
  const growth = (p: { first: number; last: number }) => (p.first > 0 ? ((p.last - p.first) / p.first) * 100 : 0)
  const rss = pair((w) => w.rssMb)
  const handles = pair((w) => w.activeHandles)
  const p99 = pair((w) => w.latencyMs.p99)
  const errors = windows.reduce((n, w) => n + w.errors, 0)
  const verdict = {
    rssMb: { ...rss, growthPct: round1(growth(rss)), ok: growth(rss) < 10 },
    activeHandles: {
      ...handles,
      growthPct: round1(growth(handles)),
      ok: growth(handles) < 10 || handles.last - handles.first <= 2,
    },
    p99Ms: {
      first: round1(p99.first),
      last: round1(p99.last),
      ratio: p99.first > 0 ? Number((p99.last / p99.first).toFixed(2)) : 0,
      ok: p99.last <= p99.first * 1.5 + 5,
    },
    errors: { count: errors, ok: errors === 0 },
    mintsUnconfirmedAfterWait: { count: mintsUnconfirmed, ok: mintsUnconfirmed === 0 },
  }
  return { ...verdict, ok: Object.values(verdict).every((v) => v.ok) }
}

export type SoakReport = {
  storage: 'sqlite' | 'postgres'
  /** Where the chain ran: inside the server (`embedded`) or as `chain serve` (`process`). */
  chain: 'embedded' | 'process'
  rate: number
  rateSource: 'given' | 'half of the probe'
  probeMaxEventsPerSecond: number | null
  minutes: number
  windowSeconds: number
  windows: SoakWindow[]
  verdict: SoakVerdict
}

/** The human-readable report: one line per window, then the verdict. */
export function formatSoakReport(r: SoakReport): string {
  const lines = [
    `soak: ${r.storage}, chain ${r.chain === 'embedded' ? 'inside the server' : 'in its own process (chain serve)'}, ${r.rate} requests/s (${r.rateSource}${r.probeMaxEventsPerSecond === null ? '' : `: probe ${r.probeMaxEventsPerSecond} events/s`}), ${r.minutes} min in ${r.windowSeconds} s windows`,
    `window  start  requests  errors   p50 ms   p99 ms   RSS MB  handles  heap MB${r.chain === 'process' ? ' chain MB' : ''}`,
  ]
  for (const w of r.windows) {
    lines.push(
      [
        `${String(w.index).padStart(6)}${w.warmup ? '*' : ' '}`,
        `${w.startSecond}s`.padStart(6),
        String(w.requests).padStart(9),
        String(w.errors).padStart(7),
        w.latencyMs.p50.toFixed(1).padStart(8),
        w.latencyMs.p99.toFixed(1).padStart(8),
        w.rssMb.toFixed(0).padStart(8),
        String(w.activeHandles).padStart(8),
        w.heapUsedMb.toFixed(0).padStart(8),
        ...(w.chainRssMb === undefined ? [] : [w.chainRssMb.toFixed(0).padStart(8)]),
      ].join(' '),
    )
  }
  const v = r.verdict
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL')
  lines.push(
    '(* warm-up, not judged)',
    `${mark(v.rssMb.ok)} RSS ${v.rssMb.first} → ${v.rssMb.last} MB (${v.rssMb.growthPct} %, limit < 10 %)`,
    `${mark(v.activeHandles.ok)} open handles ${v.activeHandles.first} → ${v.activeHandles.last} (${v.activeHandles.growthPct} %, limit < 10 % or ≤ 2)`,
    `${mark(v.p99Ms.ok)} p99 ${v.p99Ms.first} → ${v.p99Ms.last} ms (×${v.p99Ms.ratio}, limit ×1.5 + 5 ms)`,
    `${mark(v.errors.ok)} errors ${v.errors.count}`,
    `${mark(v.mintsUnconfirmedAfterWait.ok)} mints unconfirmed after the run ${v.mintsUnconfirmedAfterWait.count}`,
    v.ok ? 'soak: flat' : 'soak: NOT flat',
  )
  const growth = chainGrowth(r.windows)
  if (growth)
    lines.push(
      `chain (not judged): RSS ${growth.firstMb} → ${growth.lastMb} MB over ${growth.mints} mints, ${growth.kbPerMint} KB per mint (EDR keeps every state in memory: docs/performance.md#soak)`,
    )
  return lines.join('\n')
}

/** The chain process's memory growth per mint job over the judged windows, when it ran apart. */
function chainGrowth(
  windows: readonly SoakWindow[],
): { firstMb: number; lastMb: number; mints: number; kbPerMint: number } | undefined {
  const judged = windows.filter((w) => !w.warmup && w.chainRssMb !== undefined)
  const [first, last] = [judged[0], judged.at(-1)]
  if (!first || !last || first === last) return undefined
  const mints = last.mintJobs - first.mintJobs
  const firstMb = first.chainRssMb as number
  const lastMb = last.chainRssMb as number
  return { firstMb, lastMb, mints, kbPerMint: mints > 0 ? Math.round(((lastMb - firstMb) * 1024) / mints) : 0 }
}
