import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../src/cli/command-table'
import { cliEnv, runCliProcess } from './helpers/cli-process'
import { runCliHere } from './helpers/run-cli-here'

const CONTRADICTION =
  'loyaltykit: invalid configuration: LOYALTYKIT_MINTER_KEY is required with LOYALTYKIT_RPC_URL (the account that mints)\n'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lk-cli-config-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A fresh working folder holding `.env` with `text` (none when undefined). */
async function folder(text?: string): Promise<string> {
  const cwd = await mkdtemp(join(dir, 'cwd-'))
  if (text !== undefined) await writeFile(join(cwd, '.env'), text)
  return cwd
}

describe('loyaltykit: configuration checked by every command', () => {
  it.each(COMMANDS.map((c) => [c.path.join(' ')]))(
    '`loyaltykit %s` refuses a contradictory configuration before doing anything',
    async (command) => {
      const dataDir = join(dir, `data-${randomBytes(4).toString('hex')}`)
      const r = await runCliHere(command.split(' '), {
        LOYALTYKIT_DATA_DIR: dataDir,
        LOYALTYKIT_RPC_URL: 'http://127.0.0.1:1',
      })
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(CONTRADICTION)
      expect(existsSync(dataDir)).toBe(false)
    },
  )

  it('still answers --help with a bad configuration', async () => {
    const r = await runCliHere(['brand', 'list', '--help'], { PORT: 'abc' })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Usage: loyaltykit brand list/)
  })

  it('`loyaltykit brand list` and `loyaltykit start` (real processes) exit 1 naming the variable and the reason', async () => {
    const env = cliEnv({ LOYALTYKIT_DATA_DIR: join(dir, 'never'), LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE: '30s,soon' })
    const line =
      'loyaltykit: invalid configuration: LOYALTYKIT_WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of durations such as 30s,2m,1h (at most 50) (got "30s,soon")\n'
    const [list, start] = await Promise.all([runCliProcess(['brand', 'list'], env), runCliProcess(['start'], env)])
    for (const r of [list, start]) {
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(line)
    }
    expect(existsSync(join(dir, 'never'))).toBe(false)
  })
})

describe('loyaltykit: the .env file of the working folder', () => {
  const masterKey = randomBytes(32).toString('hex')

  it('is used: its data folder and master key serve brand create and brand list', async () => {
    const dataDir = join(dir, 'dotenv-data')
    const cwd = await folder(`# loyaltykit\nLOYALTYKIT_DATA_DIR=${dataDir}\nLOYALTYKIT_MASTER_KEY="${masterKey}"\n`)
    const created = await runCliHere(
      ['brand', 'create', '--name', 'Dotenv', '--website', 'https://dotenv.example'],
      {},
      cwd,
    )
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(existsSync(join(dataDir, 'loyaltykit.db'))).toBe(true)
    const listed = await runCliHere(['brand', 'list', '--json'], {}, cwd)
    expect(listed.code).toBe(0)
    expect(listed.json().map((b: { name: string }) => b.name)).toEqual(['Dotenv'])
  })

  it('never overrides the real environment', async () => {
    const cwd = await folder(`LOYALTYKIT_DATA_DIR=${join(dir, 'from-file')}\nLOYALTYKIT_RPC_URL=http://127.0.0.1:1\n`)
    const r = await runCliHere(
      ['brand', 'list', '--json'],
      { LOYALTYKIT_DATA_DIR: join(dir, 'from-env'), LOYALTYKIT_RPC_URL: '' },
      cwd,
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(existsSync(join(dir, 'from-env'))).toBe(true)
    expect(existsSync(join(dir, 'from-file'))).toBe(false)
  })

  it('a bad value in it fails naming the variable and the file', async () => {
    const cwd = await folder('PORT=eighty\n')
    const r = await runCliHere(['brand', 'list'], { LOYALTYKIT_DATA_DIR: join(dir, 'unused') }, cwd)
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `loyaltykit: invalid configuration: PORT must be an integer between 0 and 65535 (got "eighty") (in ${join(cwd, '.env')})\n`,
    )
  })

  it('an unknown LOYALTYKIT_* variable is a warning naming the closest known one', async () => {
    const cwd = await folder(`LOYALTYKIT_DATA_DIR=${join(dir, 'warned')}\nLOYALTYKIT_MASTERKEY=${masterKey}\n`)
    const r = await runCliHere(['brand', 'list', '--json'], { LOYALTYKIT_WEBHOOK_POLLMS: '5' }, cwd)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(
      [
        `loyaltykit: warning: unknown variable LOYALTYKIT_MASTERKEY (in ${join(cwd, '.env')}): did you mean LOYALTYKIT_MASTER_KEY?`,
        'loyaltykit: warning: unknown variable LOYALTYKIT_WEBHOOK_POLLMS: did you mean LOYALTYKIT_WEBHOOK_POLL_MS?',
        '',
      ].join('\n'),
    )
  })
})
