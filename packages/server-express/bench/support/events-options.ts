import { parseArgs } from 'node:util'

/** The command line of `pnpm bench:events` (docs/performance.md). */
export type EventsOptions = {
  connections: number
  seconds: number
  /** Open loop at this many events/s; undefined: closed loop. */
  rate: number | undefined
  /** Events for this many existing members in turn; undefined: a fresh email per request. */
  repeatUsers: number | undefined
  /** Prior reward events asked for (`--preload`); 0: none. */
  preload: number
  /** Members to preload: those of --preload (default 30 % of it), at least --repeat-users. */
  members: number
  /** Events to preload: --preload, at least one per member. */
  preloadEvents: number
  warmupSeconds: number
  baselineSeconds: number
  postgres: boolean
  json: boolean
  /** Folder for the server's CPU profile (`node --cpu-prof`); undefined: no profile. */
  cpuProf: string | undefined
}

/** Parses the benchmark's arguments (a `--` from `pnpm bench:events --` is ignored); throws on a bad value. */
export function parseEventsOptions(argv: string[]): EventsOptions {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '30' },
      rate: { type: 'string' },
      'repeat-users': { type: 'string' },
      preload: { type: 'string' },
      'preload-members': { type: 'string' },
      warmup: { type: 'string', default: '2' },
      'baseline-seconds': { type: 'string' },
      postgres: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
    },
  })
  const integer = (name: string, v: string | undefined, min: number) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min} (got ${v})`)
    return n
  }
  const positive = (name: string, v: string | undefined, orZero = false) => {
    const n = Number(v)
    if (!Number.isFinite(n) || n < 0 || (n === 0 && !orZero)) {
      throw new Error(`--${name} must be a number ${orZero ? '≥' : '>'} 0 (got ${v})`)
    }
    return n
  }
  const seconds = positive('seconds', values.seconds)
  const repeatUsers =
    values['repeat-users'] === undefined ? undefined : integer('repeat-users', values['repeat-users'], 1)
  const preload = values.preload === undefined ? 0 : integer('preload', values.preload, 0)
  const members = Math.max(
    values['preload-members'] === undefined
      ? Math.ceil(preload * 0.3)
      : integer('preload-members', values['preload-members'], 1),
    repeatUsers ?? 0,
  )
  if (values.postgres && !process.env.DATABASE_URL)
    throw new Error('--postgres needs DATABASE_URL (a PostgreSQL server)')
  return {
    connections: integer('connections', values.connections, 1),
    seconds,
    rate: values.rate === undefined ? undefined : positive('rate', values.rate),
    repeatUsers,
    preload,
    members,
    preloadEvents: Math.max(preload, members),
    warmupSeconds: positive('warmup', values.warmup, true),
    baselineSeconds:
      values['baseline-seconds'] === undefined ? seconds : positive('baseline-seconds', values['baseline-seconds']),
    postgres: values.postgres,
    json: values.json,
    cpuProf: values['cpu-prof'],
  }
}
