import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, type Options } from 'tsup'
import config from '../../tsup.config'

const pkgDir = resolve(import.meta.dirname, '../..')

/**
 * Builds the dashboard (page, script, stylesheet) with the package's own tsup options into a fresh
 * temporary folder, exactly as `pnpm build` does. Call `remove()` after.
 */
export async function buildDashboard(): Promise<{ dir: string; remove: () => void }> {
  const list = (Array.isArray(config) ? config : [config]) as Options[]
  const options = list.find((o) => typeof o.entry === 'object' && !Array.isArray(o.entry) && 'dashboard' in o.entry)
  if (!options) throw new Error('tsup.config.ts has no build with entry "dashboard"')
  const root = mkdtempSync(join(tmpdir(), 'loyaltykit-dashboard-'))
  const dir = join(root, 'dist')
  // Paths in tsup.config.ts are relative to the package; tests run from the repository root.
  const entry = Object.fromEntries(
    Object.entries(options.entry as Record<string, string>).map(([name, path]) => [name, resolve(pkgDir, path)]),
  )
  const publicDir = resolve(pkgDir, String(options.publicDir))
  await build({ ...options, entry, publicDir, outDir: dir, config: false, silent: true, clean: false })
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) }
}

/**
 * Builds the dashboard from the current sources into packages/dashboard/dist (what the server serves
 * at /dashboard), each file by an atomic rename so a concurrent reader never sees half a file.
 */
export async function installDashboard(): Promise<void> {
  const built = await buildDashboard()
  try {
    const dist = join(pkgDir, 'dist')
    mkdirSync(dist, { recursive: true })
    for (const file of readdirSync(built.dir)) {
      const temporary = join(dist, `${file}.${process.pid}.tmp`)
      copyFileSync(join(built.dir, file), temporary)
      renameSync(temporary, join(dist, file))
    }
  } finally {
    built.remove()
  }
}
