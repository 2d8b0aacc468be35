import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSdkJs } from './helpers/build-sdk-js'

const pkgDir = resolve(import.meta.dirname, '..')
const script = join(pkgDir, 'scripts/check-size.mjs')
let built: Awaited<ReturnType<typeof buildSdkJs>>

function checkSize(file: string) {
  return spawnSync(process.execPath, [script, file], { encoding: 'utf8' })
}

describe('sdk.js size budget (8 KB min+gzip)', () => {
  beforeAll(async () => {
    built = await buildSdkJs()
  })
  afterAll(() => built?.remove())

  it('the built sdk.js is within budget', () => {
    const run = checkSize(built.file)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^size: ok: sdk\.js: \d+ B minified, \d+ B gzipped \(budget 8192 B\)/)
    const gzipped = Number(/(\d+) B gzipped/.exec(run.stdout)?.[1])
    expect(gzipped).toBeGreaterThan(1000)
    expect(gzipped).toBeLessThanOrEqual(8192)
  })

  it('the built sdk.js is a minified IIFE that sets window.LoyaltyKit and imports nothing', () => {
    expect(built.code.startsWith('"use strict";(()=>{')).toBe(true)
    expect(built.code).toContain('LoyaltyKit')
    expect(built.code).not.toMatch(/\bimport\s*[("'{]|\brequire\(|\bprocess\.|\bdocument\.cookie/)
  })

  it('fails over budget', () => {
    const big = join(built.dir, 'too-big.js')
    writeFileSync(big, randomBytes(12 * 1024).toString('base64'))
    const run = checkSize(big)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/over budget/)
  })

  it('fails when the file is missing', () => {
    const run = checkSize(join(built.dir, 'missing.js'))
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/not found/)
  })

  it('`pnpm size` checks dist/sdk.js when the package is built', () => {
    if (!existsSync(join(pkgDir, 'dist/sdk.js'))) return // pnpm build has not run: covered above
    const out = execFileSync(process.execPath, [script], { encoding: 'utf8' })
    expect(out).toMatch(/^size: ok/)
  })
})
