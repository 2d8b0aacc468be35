import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, type Options } from 'tsup'
import config from '../../tsup.config'

const pkgDir = resolve(import.meta.dirname, '../..')

/** tsup.config.ts's build with the given entry name, to build it exactly as `pnpm build` does. */
export function tsupOptions(entryName: string): Options {
  const list = (Array.isArray(config) ? config : [config]) as Options[]
  const found = list.find((o) => typeof o.entry === 'object' && !Array.isArray(o.entry) && entryName in o.entry)
  if (!found) throw new Error(`tsup.config.ts has no build with entry "${entryName}"`)
  return found
}

/**
 * Builds sdk.js with the package's own tsup options into a fresh temporary `dist/` folder (so a
 * concurrent reader of packages/browser-sdk/dist never sees it half-written). Call `remove()` after.
 */
export async function buildSdkJs(): Promise<{ dir: string; file: string; code: string; remove: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'loyaltykit-browser-sdk-'))
  const dir = join(root, 'dist')
  const options = tsupOptions('sdk')
  // Entry paths in tsup.config.ts are relative to the package; tests run from the repository root.
  const entry = Object.fromEntries(
    Object.entries(options.entry as Record<string, string>).map(([name, path]) => [name, resolve(pkgDir, path)]),
  )
  await build({ ...options, entry, outDir: dir, config: false, silent: true, clean: false })
  const file = join(dir, 'sdk.js')
  return { dir, file, code: readFileSync(file, 'utf8'), remove: () => rmSync(root, { recursive: true, force: true }) }
}
