import { randomBytes } from 'node:crypto'
import { createWriteStream, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess, spawnCli } from './helpers/cli-process'

const ROWS = 100_000
/** The import runs with this V8 heap cap: a heap growing with the rows would abort it (out of memory). */
const HEAP_CAP_MB = 128

/** Resident set size of a process, in MB (undefined once it is gone). */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}

// `loyaltykit events import` streams its file: 100,000 rows in constant memory. The import process
// runs with a 128 MB heap cap (it would abort if what it holds grew with the rows) and its RSS is
// sampled from /proc every 250 ms: after the first quarter of the run it stays flat. SQLite only
// (the memory is the importer's, not the database's).
describe('loyaltykit events import: 100,000 rows in constant memory', () => {
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let brandId: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lk-import-mem-'))
    env = cliEnv({ LOYALTYKIT_DATA_DIR: dataDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') })
    const created = await runCliProcess(
      ['brand', 'create', '--name', 'Big', '--website', 'https://big.example', '--json'],
      env,
      180_000,
    )
    brandId = JSON.parse(created.stdout).brand.id
    const rule = ['rule', 'set', '--brand', brandId, '--event', 'purchase', '--reward', '1', '--max-claims', '-1']
    expect((await runCliProcess([...rule, '--cooldown-hours', '0'], env, 180_000)).code).toBe(0)
  }, 600_000)
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('imports every row with a flat RSS under a 128 MB heap cap', async () => {
    const csv = join(dataDir, 'big.csv')
    const out = createWriteStream(csv)
    out.write('eventType,userEmail,domain,metadata\n')
    for (let i = 1; i <= ROWS; i++) {
      if (!out.write(`purchase,user${i % 1000}@big.example,big.example,"{""order"":${i}}"\n`)) {
        await new Promise<void>((r) => out.once('drain', () => r()))
      }
    }
    out.end()
    await finished(out)

    const child = spawnCli(['events', 'import', csv, '--brand', brandId, '--json'], {
      ...env,
      NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}`,
    })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (d) => {
      stdout += d
    })
    child.stderr?.on('data', (d) => {
      stderr += d
    })
    const exited = new Promise<number | null>((r) => child.on('exit', r))
    const samples: number[] = []
    const sampler = setInterval(() => {
      const mb = child.pid === undefined ? undefined : rssMb(child.pid)
      if (mb !== undefined) samples.push(mb)
    }, 250)
    const code = await exited
    clearInterval(sampler)
    expect(code, stderr.slice(-2000)).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ rows: ROWS, accepted: ROWS, refused: 0 })
    // Progress lines (stderr is not a terminal): rows, rate and ETA.
    expect(stderr).toMatch(/progress: \d+\/100000 rows \(\d+%\), \d+ rows\/s, ETA \S+; accepted \d+/)

    const quarter = Math.floor(samples.length / 4)
    const early = Math.max(...samples.slice(quarter, 2 * quarter))
    const late = Math.max(...samples.slice(2 * quarter))
    console.info(
      `events import of ${ROWS} rows: ${samples.length} RSS samples, max ${Math.round(Math.max(...samples))} MB; second quarter max ${Math.round(early)} MB, second half max ${Math.round(late)} MB`,
    )
    expect(samples.length).toBeGreaterThan(40)
    expect(late - early).toBeLessThan(32)
  }, 2_400_000)
})
