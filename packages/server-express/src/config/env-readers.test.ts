import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const packages = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(path)
    return /\.(ts|mts|js|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : []
  })
}

describe('configuration in one place', () => {
  it('no source file but config/load-config.ts reads process.env', () => {
    const readers = readdirSync(packages)
      .flatMap((p) => {
        try {
          return sources(join(packages, p, 'src'))
        } catch {
          return []
        }
      })
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => /process\.env\b/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
      )
      .map((file) => relative(packages, file))
    expect(readers).toEqual(['server-express/src/config/load-config.ts'])
  })
})
