import { parseArgs } from 'node:util'

/** The command line of `pnpm soak` (docs/performance.md#soak). */
export type SoakOptions = {
  minutes: number
  /** Requests/s of the mix; undefined: half the maximum measured by a closed-loop probe first. */
  rate: number | undefined
  /** Length of one sample window. */
  windowSeconds: number
  /** Windows before this are warm-up (not judged). */
  warmupMinutes: number
  /** Closed-loop probe length when --rate is not given. */
  probeSeconds: number
  connections: number
  postgres: boolean
  /**
   * Run the chain inside the server (the embedded default). Off: the chain is `loyaltykit chain
   * serve` in its own process, so the server's memory is judged apart from EDR's in-memory history.
   */
  embeddedChain: boolean
  json: boolean
}

/** Parses `pnpm soak` arguments (a `--` from `pnpm soak --` is ignored); throws on a bad value. */
export function parseSoakOptions(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      minutes: { type: 'string', default: '10' },
      rate: { type: 'string' },
      'window-seconds': { type: 'string', default: '30' },
      'warmup-minutes': { type: 'string' },
      'probe-seconds': { type: 'string', default: '15' },
      connections: { type: 'string', default: '50' },
      postgres: { type: 'boolean', default: false },
      'embedded-chain': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  })
  const positive = (name: string, v: string | undefined) => {
    const n = Number(v)
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a number > 0 (got ${v})`)
    return n
  }
  const minutes = positive('minutes', values.minutes)
  const windowSeconds = positive('window-seconds', values['window-seconds'])
  if (minutes * 60 < windowSeconds * 4) throw new Error('--minutes must hold at least four windows')
  const warmupMinutes =
    values['warmup-minutes'] === undefined
      ? Math.min(1, minutes / 5)
      : positive('warmup-minutes', values['warmup-minutes'])
  if (warmupMinutes * 60 > minutes * 60 - windowSeconds * 2)
    throw new Error('--warmup-minutes must leave at least two windows to judge')
  const connections = Number(values.connections)
  if (!Number.isInteger(connections) || connections < 1) throw new Error('--connections must be an integer ≥ 1')
  if (values.postgres && !process.env.DATABASE_URL)
    throw new Error('--postgres needs DATABASE_URL (a PostgreSQL server)')
  return {
    minutes,
    rate: values.rate === undefined ? undefined : positive('rate', values.rate),
    windowSeconds,
    warmupMinutes,
    probeSeconds: positive('probe-seconds', values['probe-seconds']),
    connections,
    postgres: values.postgres,
    embeddedChain: values['embedded-chain'],
    json: values.json,
  }
}
