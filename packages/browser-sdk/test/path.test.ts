import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'tsup'
import { afterAll, describe, expect, it } from 'vitest'
import { sdkJsPath, sdkJsUrl } from '../src/path'
import { tsupOptions } from './helpers/build-sdk-js'

const pkgDir = resolve(import.meta.dirname, '..')
const root = mkdtempSync(join(tmpdir(), 'loyaltykit-browser-sdk-path-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('@loyaltykit/browser-sdk/path', () => {
  it('from source, names the package dist/sdk.js', () => {
    expect(sdkJsPath).toBe(join(pkgDir, 'dist/sdk.js'))
    expect(sdkJsUrl.href).toBe(pathToFileURL(join(pkgDir, 'dist/sdk.js')).href)
  })

  it('built, names the sdk.js beside it', async () => {
    const options = tsupOptions('path')
    const outDir = join(root, 'dist')
    await build({
      ...options,
      entry: { path: join(pkgDir, 'src/path.ts') },
      dts: false,
      outDir,
      config: false,
      silent: true,
    })
    expect(readFileSync(join(outDir, 'path.js'), 'utf8')).toContain('new URL("../dist/sdk.js", import.meta.url)')
    const built = (await import(pathToFileURL(join(outDir, 'path.js')).href)) as typeof import('../src/path')
    expect(built.sdkJsPath).toBe(join(outDir, 'sdk.js'))
  })

  it('package.json exports ./path and ./sdk.js', () => {
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
    expect(pkg.exports['./path']).toMatchObject({ source: './src/path.ts', import: { default: './dist/path.js' } })
    expect(pkg.exports['./sdk.js']).toBe('./dist/sdk.js')
  })
})
