import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../src/cli/command-table'
import { runCliHere } from './helpers/run-cli-here'

async function run(argv: string[]) {
  const { code, stdout, stderr } = await runCliHere(argv, {}, '/nonexistent')
  return { code, out: stdout, err: stderr }
}

describe('loyaltykit --help', () => {
  it('lists every command', async () => {
    const r = await run(['--help'])
    expect(r.code).toBe(0)
    for (const c of COMMANDS) expect(r.out).toContain(c.path.join(' '))
  })

  it.each(COMMANDS.map((c) => [c.path.join(' '), c.path] as const))('has help for `%s`', async (_name, path) => {
    const r = await run([...path, '--help'])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(new RegExp(`^Usage: loyaltykit ${path.join(' ')}`))
    expect(r.out).toContain('--help')
    expect(r.err).toBe('')
  })

  it('shows a group overview for `brand --help` and `help rule`', async () => {
    const brand = await run(['brand', '--help'])
    expect(brand.code).toBe(0)
    expect(brand.out).toContain('brand create')
    expect(brand.out).not.toContain('rule set')
    const rule = await run(['help', 'rule', 'set'])
    expect(rule.out).toContain('--max-total-claims')
  })

  it('prints usage on stderr and exits 2 (usage error) without a command, and one line for an unknown one', async () => {
    const none = await run([])
    expect(none.code).toBe(2)
    expect(none.err).toContain('Usage: loyaltykit')
    const unknown = await run(['brand', 'delete'])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toBe(
      'loyaltykit brand: unknown command "brand delete"; commands: brand create, brand list, brand update, brand keys (see `loyaltykit brand --help`)\n',
    )
  })

  it('refuses missing required options before touching any data', async () => {
    const r = await run(['brand', 'create', '--website', 'https://a.example'])
    expect(r.code).toBe(2)
    expect(r.err).toBe(
      'loyaltykit brand create: --name is required; expected --name NAME: Display name of the brand (see `loyaltykit brand create --help`)\n',
    )
    const n = await run(['rule', 'set', '--brand', '0x1', '--event', 'a', '--reward', 'ten'])
    expect(n.code).toBe(2)
    expect(n.err).toBe(
      'loyaltykit rule set: --reward must be an integer, got "ten"; expected --reward N: Tokens minted per accepted event (see `loyaltykit rule set --help`)\n',
    )
  })
})
