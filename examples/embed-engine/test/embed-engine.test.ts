import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const exampleDir = resolve(import.meta.dirname, '..')
const main = join(exampleDir, 'src', 'main.ts')
const readme = join(exampleDir, '..', '..', 'packages', 'engine', 'README.md')
const cwd = mkdtempSync(join(tmpdir(), 'lk-embed-engine-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

/** Runs src/main.ts as a user would (node + tsx), in a folder of its own where it keeps loyalty.db. */
async function runMain(masterKey: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', import.meta.resolve('tsx'), main],
    { cwd, env: { PATH: process.env.PATH, LOYALTY_MASTER_KEY: masterKey }, timeout: 120_000 },
  )
  return stdout.trim()
}

describe('examples/embed-engine: the engine in a plain Node app on its own SQLite file', () => {
  it('is the code the engine README shows, line for line', () => {
    const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'))?.[1]
    expect(block, 'a ts code block in packages/engine/README.md').toBeDefined()
    expect(block).toBe(readFileSync(main, 'utf8'))
  })

  it('creates a brand and rewards an event; a second run finds the same wallet in the file', async () => {
    const masterKey = randomBytes(32).toString('hex')
    const [status, amount, wallet, created] = (await runMain(masterKey)).split(' ')
    expect(existsSync(join(cwd, 'loyalty.db'))).toBe(true)
    // No chain here: the event and its mint job are committed; a minter on a chain mints it later.
    expect([status, amount, created]).toEqual(['pending', '100', 'true'])
    expect(wallet).toMatch(/^0x[0-9a-f]{40}$/)
    expect(await runMain(masterKey)).toBe(`pending 100 ${wallet} false`)
    // Two cold starts of node + tsx over the engine's source: ~20 s each on a loaded 2-core machine.
  }, 300_000)
})
