// Guards against committed artifacts (src/generated) drifting from contracts/*.sol.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CompileResult,
  camelName,
  compileContracts,
  diffArtifacts,
  generatedDir,
  main,
  renderArtifacts,
} from '../scripts/compile.mjs'
import * as pkg from '../src/index.js'

let compiled: CompileResult
let files: Map<string, string>
const tmp = mkdtempSync(join(tmpdir(), 'loyaltykit-artifacts-'))

beforeAll(() => {
  const t0 = performance.now()
  compiled = compileContracts()
  console.log(`compiled in ${(performance.now() - t0).toFixed(0)} ms`)
  files = renderArtifacts(compiled)
})
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
})

describe('contract artifacts', () => {
  it('committed src/generated matches a fresh compile of contracts/*.sol (run `pnpm compile` if not)', () => {
    expect(compiled.warnings.map((w) => w.formattedMessage ?? w.message)).toEqual([])
    expect(diffArtifacts(files)).toEqual([])
  })

  it('compiles every contract with non-empty bytecode', () => {
    expect(compiled.artifacts.map((a) => a.name)).toEqual([
      'BusinessEscrow',
      'PerkCollection',
      'PointsSale',
      'PointsToken',
    ])
    for (const a of compiled.artifacts) {
      expect(a.bytecode).toMatch(/^0x[0-9a-f]+$/)
      // EIP-3860 initcode limit (49,152 bytes)
      expect((a.bytecode.length - 2) / 2).toBeLessThan(49_152)
    }
  })

  it('the package exports the compiled ABI and bytecode of every contract', () => {
    const exports = pkg as unknown as Record<string, unknown>
    for (const a of compiled.artifacts) {
      const id = camelName(a.name)
      expect(exports[`${id}Abi`]).toEqual(a.abi)
      expect(exports[`${id}Bytecode`]).toBe(a.bytecode)
      expect(pkg.contracts[a.name as pkg.ContractName].bytecode).toBe(a.bytecode)
    }
  })

  it('diffArtifacts reports changed, missing and stale files', () => {
    const dir = join(tmp, 'diff')
    cpSync(generatedDir, dir, { recursive: true })
    expect(diffArtifacts(files, dir)).toEqual([])
    writeFileSync(join(dir, 'PointsToken.ts'), `${files.get('PointsToken.ts')}// edited\n`)
    rmSync(join(dir, 'PointsSale.ts'))
    writeFileSync(join(dir, 'Removed.ts'), 'export {}\n')
    expect(diffArtifacts(files, dir)).toEqual([
      `differs: ${join(dir, 'PointsToken.ts')}`,
      `missing: ${join(dir, 'PointsSale.ts')}`,
      `stale (no longer generated): ${join(dir, 'Removed.ts')}`,
    ])
  })

  it('`compile.mjs --check` exits 1 and lists the differences when artifacts are out of date', () => {
    const dir = join(tmp, 'cli')
    cpSync(generatedDir, dir, { recursive: true })
    let stdout = ''
    let stderr = ''
    const io = {
      compiled,
      stdout: (t: string) => {
        stdout += t
      },
      stderr: (t: string) => {
        stderr += t
      },
    }
    expect(main(['--check', '--dir', dir], io)).toBe(0)
    expect(stdout).toContain('up to date (4 contracts)')
    writeFileSync(join(dir, 'BusinessEscrow.ts'), 'export const businessEscrowAbi = [] as const\n')
    expect(main(['--check', '--dir', dir], io)).toBe(1)
    expect(stderr).toContain('contract artifacts are out of date')
    expect(stderr).toContain(`differs: ${join(dir, 'BusinessEscrow.ts')}`)
    // without --check it rewrites the directory, after which the check passes again
    expect(main(['--dir', dir], io)).toBe(0)
    expect(main(['--check', '--dir', dir], io)).toBe(0)
  })

  it('camelName lower-cases the leading word', () => {
    expect(camelName('PointsToken')).toBe('pointsToken')
    expect(camelName('BusinessEscrow')).toBe('businessEscrow')
    expect(camelName('ERC20Mock')).toBe('erc20Mock')
    expect(camelName('NFTVault')).toBe('nftVault')
  })
})
