import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv } from './helpers/cli-process'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const cli = join(repoRoot, 'packages', 'server-express', 'src', 'cli', 'main.ts')
const ownPidFixture = join(repoRoot, 'packages', 'server-express', 'test', 'fixtures', 'start-with-own-pid-leases.ts')
const node = [process.execPath, '--conditions=source', '--import', 'tsx']

/** A server process (`loyaltykit start`) and what it printed. */
type Launched = { child: ChildProcess; pid: number; out(): string; err(): string; exited: Promise<number | null> }

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): Launched {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    err += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, pid: child.pid as number, out: () => out, err: () => err, exited }
}

/**
 * `loyaltykit start` under a parent that never reaps its children (`sh` that execs `sleep`): once
 * killed, the server stays a zombie until that parent exits. `pid` is the server's.
 */
async function launchUnreaped(env: NodeJS.ProcessEnv): Promise<Launched> {
  const quoted = [...node, cli, 'start'].map((a) => `'${a}'`).join(' ')
  const wrapper = launch('sh', ['-c', `${quoted} & echo "server-pid:$!" >&2; exec sleep 600`], env)
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const pid = /server-pid:(\d+)/.exec(wrapper.err())?.[1]
    if (pid) return { ...wrapper, pid: Number(pid) }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no server pid: ${wrapper.err()}`)
}

/** Waits for the start banner; answers the server's base URL. Rejects when the process exits first. */
async function listening(l: Launched, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const url = /listening on http:\/\/localhost:(\d+)/.exec(l.out())?.[1]
    if (url) return `http://127.0.0.1:${url}`
    if (l.child.exitCode !== null) throw new Error(`start exited with ${l.child.exitCode}: ${l.err().slice(-3000)}`)
    if (Date.now() > deadline) throw new Error(`start printed no banner in time: ${l.err().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const logsOf = (l: Launched) =>
  l
    .err()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; lease?: string; previousHolder?: string })

/** Resolves with the first log line whose message starts with `msg` (and matches `where`). */
async function logLine(l: Launched, msg: string, where: (line: { lease?: string }) => boolean = () => true) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const line = logsOf(l).find((x) => x.msg?.startsWith(msg) && where(x))
    if (line) return line
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no log line "${msg}": ${l.err().slice(-3000)}`)
}

async function healthy(base: string) {
  const res = await fetch(`${base}/loyalty-api/health`)
  return { status: res.status, body: (await res.json()) as { status: string } }
}

/** SIGKILL; resolves once the process is gone (reaped by us: undefined) or a zombie ('Z', under a parent that does not reap). */
async function kill(l: Launched): Promise<string | undefined> {
  process.kill(l.pid, 'SIGKILL')
  if (l.child.pid === l.pid) {
    await l.exited
    return processState(l.pid)
  }
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const state = processState(l.pid)
    if (state === undefined || state === 'Z') return state
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`process ${l.pid} did not die`)
}

/** The state letter of /proc/<pid>/stat (R, S, Z, …), undefined when there is no such process. */
function processState(pid: number): string | undefined {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1]
  } catch {
    return undefined
  }
}

/** `loyaltykit start` on `db` with a fresh master key, any port, info logs (JSON lines on stderr). */
const serverEnv = (db: TestDatabase) =>
  cliEnv({
    LOYALTYKIT_DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  })

const CHAIN_TAKEOVER = 'taking over the embedded chain from its previous process'
const SIGNER_TAKEOVER = 'taking over the lease of a holder that is gone'
const WAITING = 'the embedded chain lease is held by another process'

/**
 * Restart after a crash never refuses (docs/chain.md#one-process-per-embedded-chain): the embedded
 * chain is held by an OS lock in the data folder, which the kernel drops with the process, and the
 * leases a killed server leaves are taken over at once, whatever its pid, host name or zombie state.
 */
describe.each(testDialects)('restart after a crash on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: NodeJS.ProcessEnv
  const launched: Launched[] = []

  beforeAll(async () => {
    db = await create()
    env = serverEnv(db)
  })
  afterAll(async () => {
    for (const l of launched) {
      for (const pid of [l.pid, l.child.pid]) {
        try {
          if (pid) process.kill(pid, 'SIGKILL')
        } catch {}
      }
    }
    await db?.drop()
  })

  it('comes up at once after SIGKILL, after a zombie, and as the same pid; a second live process is refused', async () => {
    const first = launch(node[0] as string, [...node.slice(1), cli, 'start'], env)
    launched.push(first)
    await listening(first)
    await logLine(first, 'lease acquired', (l) => l.lease?.startsWith('minter:') ?? false)
    expect(await kill(first)).toBeUndefined()

    // 1. SIGKILL, then an immediate restart (under a parent that will not reap it: see 3).
    const second = await launchUnreaped(env)
    launched.push(second)
    const secondBase = await listening(second)
    expect(await healthy(secondBase)).toMatchObject({ status: 200, body: { status: 'healthy' } })
    expect((await logLine(second, CHAIN_TAKEOVER)).previousHolder).toContain(`:${first.pid}:`)
    await logLine(second, SIGNER_TAKEOVER, (l) => l.lease?.startsWith('minter:') ?? false)
    expect(logsOf(second).some((l) => l.msg?.startsWith(WAITING))).toBe(false)

    // 2. A second live process on the same data folder is refused at once, with the clear message.
    const refused = launch(node[0] as string, [...node.slice(1), cli, 'start'], env)
    launched.push(refused)
    expect(await refused.exited).toBe(1)
    expect(refused.err()).toMatch(
      /loyaltykit: the embedded chain of this data folder is running in another process \(it holds .*embedded-chain\.lock\); stop it, or use LOYALTYKIT_RPC_URL/,
    )
    expect((await healthy(secondBase)).body.status).toBe('healthy')

    // 3. The killed server stays a zombie (its parent does not reap it): still no refusal.
    expect(await kill(second)).toBe('Z')
    const third = launch(node[0] as string, [...node.slice(1), cli, 'start'], env)
    launched.push(third)
    const thirdBase = await listening(third)
    expect(processState(second.pid)).toBe('Z')
    expect(await healthy(thirdBase)).toMatchObject({ status: 200, body: { status: 'healthy' } })
    expect((await logLine(third, CHAIN_TAKEOVER)).previousHolder).toContain(`:${second.pid}:`)
    await logLine(third, SIGNER_TAKEOVER, (l) => l.lease?.startsWith('minter:') ?? false)

    // 4. The leases left name the new process's own pid and host name (a container restart: pid 1 again).
    await logLine(third, 'lease acquired', (l) => l.lease?.startsWith('minter:') ?? false)
    expect(await kill(third)).toBeUndefined()
    const fourth = launch(node[0] as string, [...node.slice(1), ownPidFixture], {
      ...env,
      LK_OLD_PID: String(third.pid),
    })
    launched.push(fourth)
    const fourthBase = await listening(fourth)
    const rewritten = logsOf(fourth).find((l) => l.msg === 'lease holders rewritten to this pid') as {
      rewritten?: number
    }
    expect(rewritten.rewritten).toBeGreaterThanOrEqual(2)
    expect(await healthy(fourthBase)).toMatchObject({ status: 200, body: { status: 'healthy' } })
    expect((await logLine(fourth, CHAIN_TAKEOVER)).previousHolder).toContain(`:${fourth.pid}:`)
    await logLine(fourth, SIGNER_TAKEOVER, (l) => l.lease?.startsWith('minter:') ?? false)
    expect(logsOf(fourth).some((l) => l.msg?.startsWith(WAITING))).toBe(false)

    fourth.child.kill('SIGTERM')
    expect(await fourth.exited).toBe(0)
  }, 300_000)
})

/**
 * Two data folders on one PostgreSQL database: the OS locks differ, so the database lease decides.
 * A live holder is seen renewing and refused; a killed one is waited for (logged) and taken over.
 */
describe.each(testDialects.filter((d) => d.dialect === 'postgres'))(
  'the embedded chain from another data folder on one $dialect database',
  ({ create }) => {
    let db: TestDatabase
    let other: TestDatabase
    let env: NodeJS.ProcessEnv
    const launched: Launched[] = []

    beforeAll(async () => {
      db = await create()
      other = await testDialects[0]!.create() // only for its fresh temp data folder
      env = serverEnv(db)
    })
    afterAll(async () => {
      for (const l of launched) if (l.child.exitCode === null) l.child.kill('SIGKILL')
      await db?.drop()
      await other?.drop()
    })

    it('refuses while the holder renews; after a SIGKILL waits for the lease to expire, saying so, then comes up', async () => {
      const elsewhere = { ...env, LOYALTYKIT_DATA_DIR: other.dataDir }
      const first = launch(node[0] as string, [...node.slice(1), cli, 'start'], env)
      launched.push(first)
      await listening(first)

      const refused = launch(node[0] as string, [...node.slice(1), cli, 'start'], elsewhere)
      launched.push(refused)
      expect(await refused.exited).toBe(1)
      expect(logsOf(refused).some((l) => l.msg?.startsWith(WAITING))).toBe(true)
      expect(refused.err()).toMatch(/its lease was renewed while this start waited/)

      expect(await kill(first)).toBeUndefined()
      const killedAt = Date.now()
      const second = launch(node[0] as string, [...node.slice(1), cli, 'start'], elsewhere)
      launched.push(second)
      const base = await listening(second)
      const waited = (await logLine(second, WAITING)) as { waitMs?: number }
      expect(waited.waitMs).toBeGreaterThan(0)
      expect(waited.waitMs).toBeLessThanOrEqual(15_000)
      await logLine(second, 'the embedded chain lease expired: taken over')
      // Waited for the lease, not more: the 15 s lease was renewed at most 5 s before the kill.
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(9_000)
      expect(await healthy(base)).toMatchObject({ status: 200, body: { status: 'healthy' } })
      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
    }, 180_000)
  },
)
