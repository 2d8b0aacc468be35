import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const pkgDir = resolve(import.meta.dirname, '..')
// Built into a temporary folder so a concurrent reader of packages/sdk/dist never sees it half-written.
const outDir = mkdtempSync(join(tmpdir(), 'loyaltykit-sdk-dist-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const FORBIDDEN = [
  /^@loyaltykit\/engine/,
  /^express/,
  /^kysely/,
  /^pg$/,
  /^pg\//,
  /^better-sqlite3/,
  /^hardhat/,
  /^viem/,
  /^zod/,
  /^node:/,
]
const NODE_BUILTINS =
  /^(assert|buffer|child_process|crypto|events|fs|http|https|net|os|path|stream|tls|url|util|zlib)(\/|$)/

/** Every module specifier a built file imports or requires. */
function specifiers(code: string): string[] {
  const found = new Set<string>()
  const patterns = [
    /\bimport\s*(?:[^'"`;]*?\bfrom\s*)?["']([^"']+)["']/g,
    /\bexport\s*[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.add(m[1]!)
  return [...found]
}

describe('built bundle', () => {
  it('builds and imports nothing from server code, Node built-ins or heavy dependencies', () => {
    // tsup (a root devDependency) run with this very Node, so the test needs nothing on PATH.
    const tsup = resolve(pkgDir, '../../node_modules/tsup/dist/cli-default.js')
    execFileSync(process.execPath, [tsup, '--out-dir', outDir], { cwd: pkgDir, stdio: 'pipe' })
    const files = readdirSync(outDir).filter((f) => /\.(c?js|d\.c?ts)$/.test(f))
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']))

    for (const file of files) {
      const code = readFileSync(join(outDir, file), 'utf8')
      const imported = specifiers(code).filter((s) => !s.startsWith('.'))
      const bad = imported.filter((s) => FORBIDDEN.some((re) => re.test(s)) || NODE_BUILTINS.test(s))
      expect(bad, `${file} imports ${bad.join(', ')}`).toEqual([])
    }

    // The wire types are inlined as plain types (src/types/wire.ts): the declarations import nothing at all.
    const dts = readFileSync(join(outDir, 'index.d.ts'), 'utf8')
    expect(specifiers(dts)).toEqual([])
    expect(dts).toMatch(/type ManualEventResponse = \{[^}]*walletCreated: boolean/)

    const esm = readFileSync(join(outDir, 'index.js'), 'utf8')
    expect(esm).toContain('createLoyaltyClient')
    expect(esm).not.toMatch(/\bprocess\.|\bBuffer\b/)
  })

  it('the built ESM bundle works end to end', async () => {
    const sdk = await import(join(outDir, 'index.js'))
    const headers = await sdk.webhooks.generateTestHeaders({
      payload: { event: 'tokens_distributed' },
      secret: 'whsec_AAAA',
    })
    await expect(sdk.webhooks.verify('{"event":"tokens_distributed"}', headers, 'whsec_AAAA')).resolves.toEqual({
      event: 'tokens_distributed',
    })
  })
})
