import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLUGIN_DIR, phpBinary } from './helpers/php'

/** Every .php file of the plugin folder, recursively. */
function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return phpFiles(path)
    return entry.name.endsWith('.php') ? [path] : []
  })
}

describe('the WordPress plugin (packages/wordpress-plugin/loyaltykit)', () => {
  const files = phpFiles(PLUGIN_DIR)

  it('has its main file, uninstall.php and the classes', () => {
    const names = files.map((f) => relative(PLUGIN_DIR, f)).sort()
    expect(names).toContain('loyaltykit.php')
    expect(names).toContain('uninstall.php')
    expect(names.filter((n) => n.startsWith('includes/')).length).toBeGreaterThanOrEqual(5)
  })

  it.each(files.map((f) => [relative(PLUGIN_DIR, f), f]))('php -l %s', (_name, file) => {
    const out = execFileSync(phpBinary(), ['-l', file], { encoding: 'utf8' })
    expect(out).toContain('No syntax errors detected')
  })

  it('declares PHP 8.1 and WordPress 6.1 as minimums in its header', () => {
    const header = readFileSync(join(PLUGIN_DIR, 'loyaltykit.php'), 'utf8')
    expect(header).toMatch(/^ \* Plugin Name: +loyaltykit$/m)
    expect(header).toMatch(/^ \* Requires at least: +6\.1$/m)
    expect(header).toMatch(/^ \* Requires PHP: +8\.1$/m)
  })

  it('never runs when loaded outside WordPress (every file checks ABSPATH or WP_UNINSTALL_PLUGIN)', () => {
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      expect(source, relative(PLUGIN_DIR, file)).toMatch(/defined\( '(ABSPATH|WP_UNINSTALL_PLUGIN)' \) \|\| exit;/)
    }
  })

  it("the package's zip script packs the folder as loyaltykit/ (what Plugins → Upload Plugin takes)", () => {
    const packageDir = join(PLUGIN_DIR, '..')
    const { scripts } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      scripts: { zip: string }
    }
    const zip = join(packageDir, 'loyaltykit.zip')
    try {
      execFileSync('sh', ['-c', scripts.zip], { cwd: packageDir })
      // WordPress's own zip reader (PclZip, which it uses when PHP has no zip extension) lists it.
      const listing = execFileSync(
        phpBinary(),
        [
          '-r',
          "require '/usr/share/wordpress/wp-admin/includes/class-pclzip.php'; foreach ((new PclZip($argv[1]))->listContent() as $f) echo $f['filename'], PHP_EOL;",
          zip,
        ],
        { encoding: 'utf8' },
      )
      const names = listing.trim().split('\n')
      expect(names).toContain('loyaltykit/loyaltykit.php')
      expect(names).toContain('loyaltykit/uninstall.php')
      expect(names).toContain('loyaltykit/assets/loyaltykit.js')
      expect(names.every((n) => n.startsWith('loyaltykit/'))).toBe(true)
    } finally {
      rmSync(zip, { force: true })
    }
  })
})
