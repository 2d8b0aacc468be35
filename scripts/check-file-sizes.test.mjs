import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import {
  findOversizedSourceFiles,
  isCheckedSourceFile,
  listRepositoryFiles,
  MAX_SOURCE_FILE_BYTES,
} from './check-file-sizes.mjs'

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-file-sizes.mjs')
const root = mkdtempSync(join(tmpdir(), 'check-file-sizes-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function write(path, bytes) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), 'x'.repeat(bytes))
}

write('packages/engine/src/small.ts', 100)
write('packages/engine/src/at-limit.ts', MAX_SOURCE_FILE_BYTES)
write('packages/engine/src/big.ts', MAX_SOURCE_FILE_BYTES + 1)
write('packages/engine/test/big.test.ts', MAX_SOURCE_FILE_BYTES + 500)
write('packages/contracts/contracts/Big.sol', MAX_SOURCE_FILE_BYTES + 2)
write('examples/site/plugin.php', MAX_SOURCE_FILE_BYTES + 3)
write('examples/site/style.css', MAX_SOURCE_FILE_BYTES + 30)
write('scripts/tool.mjs', MAX_SOURCE_FILE_BYTES + 6)
write('docs/snippet.ts', MAX_SOURCE_FILE_BYTES + 7)
write('packages/contracts/src/generated/Token.ts', MAX_SOURCE_FILE_BYTES * 3)
write('packages/engine/dist/index.js', MAX_SOURCE_FILE_BYTES * 3)
write('packages/sdk/src/types/wire.ts', MAX_SOURCE_FILE_BYTES * 2)
write('packages/sdk/src/types/wire-type-map.ts', MAX_SOURCE_FILE_BYTES + 4)
write('docs/long.md', MAX_SOURCE_FILE_BYTES * 2)
write('packages/engine/node_modules/dep/index.js', MAX_SOURCE_FILE_BYTES * 2)

describe('findOversizedSourceFiles', () => {
  it('lists every source file over 12 KB under packages/, examples/ and scripts/, tests included, largest first; not CSS, Markdown, docs, generated files, dist or node_modules', () => {
    // No git repository in the temporary folder: the list comes from walking it.
    const files = listRepositoryFiles(root)
    expect(files).toContain('docs/long.md')
    expect(files.some((path) => path.includes('node_modules'))).toBe(false)
    expect(findOversizedSourceFiles(root, files)).toEqual([
      { path: 'packages/engine/test/big.test.ts', bytes: MAX_SOURCE_FILE_BYTES + 500 },
      { path: 'scripts/tool.mjs', bytes: MAX_SOURCE_FILE_BYTES + 6 },
      { path: 'packages/sdk/src/types/wire-type-map.ts', bytes: MAX_SOURCE_FILE_BYTES + 4 },
      { path: 'examples/site/plugin.php', bytes: MAX_SOURCE_FILE_BYTES + 3 },
      { path: 'packages/contracts/contracts/Big.sol', bytes: MAX_SOURCE_FILE_BYTES + 2 },
      { path: 'packages/engine/src/big.ts', bytes: MAX_SOURCE_FILE_BYTES + 1 },
    ])
  })

  it('the command fails naming each file over the limit with its size', () => {
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toMatch(/^6 source file\(s\) over 12288 bytes/)
    expect(lines.slice(1)).toEqual([
      `  packages/engine/test/big.test.ts  ${MAX_SOURCE_FILE_BYTES + 500} bytes`,
      `  scripts/tool.mjs  ${MAX_SOURCE_FILE_BYTES + 6} bytes`,
      `  packages/sdk/src/types/wire-type-map.ts  ${MAX_SOURCE_FILE_BYTES + 4} bytes`,
      `  examples/site/plugin.php  ${MAX_SOURCE_FILE_BYTES + 3} bytes`,
      `  packages/contracts/contracts/Big.sol  ${MAX_SOURCE_FILE_BYTES + 2} bytes`,
      `  packages/engine/src/big.ts  ${MAX_SOURCE_FILE_BYTES + 1} bytes`,
    ])
  })

  it('measures source under packages/, examples/ and scripts/ only, never under node_modules, dist or a generated folder', () => {
    expect(isCheckedSourceFile('packages/engine/src/a.ts')).toBe(true)
    expect(isCheckedSourceFile('packages/contracts/contracts/A.sol')).toBe(true)
    expect(isCheckedSourceFile('examples/site/plugin.php')).toBe(true)
    expect(isCheckedSourceFile('scripts/bootstrap.mjs')).toBe(true)
    expect(isCheckedSourceFile('packages/browser-sdk/src/sdk.js')).toBe(true)
    expect(isCheckedSourceFile('vitest.config.ts')).toBe(false)
    expect(isCheckedSourceFile('docs/snippet.ts')).toBe(false)
    expect(isCheckedSourceFile('examples/site/style.css')).toBe(false)
    expect(isCheckedSourceFile('packages/engine/dist/index.js')).toBe(false)
    expect(isCheckedSourceFile('packages/engine/node_modules/dep/index.js')).toBe(false)
    expect(isCheckedSourceFile('packages/contracts/src/generated/Token.ts')).toBe(false)
    expect(isCheckedSourceFile('packages/sdk/src/types/wire.ts')).toBe(false)
    expect(isCheckedSourceFile('packages/sdk/src/types/wire-type-map.ts')).toBe(true)
  })

  it('passes on this repository (git lists its files)', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
