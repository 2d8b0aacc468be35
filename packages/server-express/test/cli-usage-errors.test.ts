import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../src/cli/command-table'
import { type CliResult, cliEnv, runCliProcess } from './helpers/cli-process'

/** The top-level commands, in the table's order (commands are added often; the list is the table's). */
const TOP_LEVEL = [...new Set(COMMANDS.map((c) => c.path[0]))].join(', ')

/** Each kind of usage error, as a real `loyaltykit` process shows it: exit 2, one line, nothing done. */
const USAGE_ERRORS: { kind: string; args: string[]; line: string }[] = [
  {
    kind: 'unknown command',
    args: ['frobnicate'],
    line: `loyaltykit: unknown command "frobnicate"; commands: ${TOP_LEVEL}`,
  },
  {
    kind: 'unknown command of a group (with the closest one)',
    args: ['brand', 'lists'],
    line: 'loyaltykit brand: unknown command "brand lists" (did you mean "brand list"?); commands: brand create, brand list, brand update, brand keys',
  },
  {
    kind: 'unknown flag (with the closest one and the options)',
    args: ['brand', 'create', '--nme', 'Acme'],
    line: 'loyaltykit brand create: unknown option --nme (did you mean --name?); options: --name NAME, --website URL, --category C, --description TEXT, --contact-email EMAIL, --json',
  },
  {
    kind: 'unknown flag of a command without options',
    args: ['migrate', '--dry-run'],
    line: 'loyaltykit migrate: unknown option --dry-run; `loyaltykit migrate` takes no option but --help',
  },
  {
    kind: 'flag without its value',
    args: ['webhook', 'deliveries', '--brand'],
    line: 'loyaltykit webhook deliveries: --brand needs a value; expected --brand ID: brandId',
  },
  {
    kind: 'flag followed by another flag instead of its value',
    args: ['webhook', 'set', '--brand', '--url', 'https://a.example'],
    line: 'loyaltykit webhook set: --brand needs a value; expected --brand ID: brandId',
  },
  {
    kind: 'switch given a value',
    args: ['brand', 'list', '--json=yes'],
    line: 'loyaltykit brand list: --json takes no value, got "yes"; expected --json: Print the brands as a JSON array',
  },
  {
    kind: 'argument a command does not take',
    args: ['brand', 'list', 'acme'],
    line: 'loyaltykit brand list: unexpected argument "acme": `loyaltykit brand list` takes options only',
  },
  {
    kind: 'missing required flag',
    args: ['rule', 'list'],
    line: 'loyaltykit rule list: --brand is required; expected --brand ID: brandId',
  },
  {
    kind: 'bad flag value',
    args: ['webhook', 'deliveries', '--brand', `0x${'1'.repeat(40)}`, '--limit', 'many'],
    line: 'loyaltykit webhook deliveries: --limit must be an integer, got "many"; expected --limit N: How many (default 50, at most 1000)',
  },
  {
    kind: 'unknown webhook event type (the valid ones listed)',
    args: ['webhook', 'trigger', '--brand', `0x${'1'.repeat(40)}`, '--event', 'points_spent'],
    line: 'loyaltykit webhook trigger: unknown event type "points_spent"; --event takes one of tokens_distributed',
  },
  {
    kind: 'bad flag value (not one of the accepted words)',
    args: ['payments', 'refunds', '--status', 'lost'],
    line: 'loyaltykit payments refunds: --status must be one of awaiting_payment, pending, signed, confirmed',
  },
]

/** Runs a few processes at a time (the machine has 2 cores). */
async function runAll<T, R>(items: T[], fn: (item: T) => Promise<R>, concurrency = 3): Promise<R[]> {
  const results: R[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++
        results[i] = await fn(items[i] as T)
      }
    }),
  )
  return results
}

describe('loyaltykit usage errors (real processes)', () => {
  let dir: string
  let dataDir: string
  let results: CliResult[]

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-usage-'))
    dataDir = join(dir, 'data')
    const env = cliEnv({ LOYALTYKIT_DATA_DIR: dataDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') })
    results = await runAll(USAGE_ERRORS, (u) => runCliProcess(u.args, env))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it.each(USAGE_ERRORS.map((u, i) => [u.kind, i] as const))(
    '%s: exit 2, one line naming what was expected and pointing at --help, nothing done',
    (_kind, i) => {
      const u = USAGE_ERRORS[i]!
      const r = results[i]!
      const command = u.line.slice(0, u.line.indexOf(':'))
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(`${u.line} (see \`${command} --help\`)\n`)
      expect(r.code).toBe(2)
      expect(existsSync(dataDir)).toBe(false)
    },
  )

  it('no command, or a group without its command: the overview on stderr, exit 2', async () => {
    const env = cliEnv({ LOYALTYKIT_DATA_DIR: dataDir })
    const [none, group] = await Promise.all([runCliProcess([], env), runCliProcess(['webhook'], env)])
    expect(none.code).toBe(2)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/^Usage: loyaltykit <command> \[options\]/)
    expect(group.code).toBe(2)
    expect(group.stderr).toMatch(/^Usage: loyaltykit webhook <command> \[options\]/)
    expect(group.stderr).toContain('webhook deliveries')
    expect(group.stderr).not.toContain('brand create')
  })

  it('other errors keep exit 1: a configuration error, and a command that ran and failed', async () => {
    const [config, failed] = await Promise.all([
      runCliProcess(
        ['rule', 'list', '--brand', `0x${'1'.repeat(40)}`],
        cliEnv({ LOYALTYKIT_DATA_DIR: dataDir, PORT: 'abc' }),
      ),
      runCliProcess(
        ['webhook', 'redeliver', 'msg_nosuchdelivery'],
        cliEnv({ LOYALTYKIT_DATA_DIR: join(dir, 'other'), LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') }),
      ),
    ])
    expect(config.code).toBe(1)
    expect(config.stderr).toMatch(/^loyaltykit: invalid configuration: PORT must be an integer/)
    expect(failed.code).toBe(1)
    expect(failed.stderr.trim().split('\n')).toHaveLength(1)
    expect(failed.stderr).toBe('loyaltykit: Webhook delivery msg_nosuchdelivery not found\n')
  })
})
