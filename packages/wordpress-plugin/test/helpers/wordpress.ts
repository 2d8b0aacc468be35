import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PLUGIN_DIR, phpBinary } from './php'

const run = promisify(execFile)
const SCRIPTS = join(PLUGIN_DIR, '../../../scripts')

export type WordPress = {
  /** http://127.0.0.1:<port> */
  url: string
  /** The temp folder: wordpress/ (the site), debug.log (PHP's notices), the MariaDB data. */
  dir: string
  admin: { user: string; password: string }
  member: { user: string; password: string }
  /** Runs PHP with WordPress loaded (wp-load.php) and answers what it printed. */
  php(code: string): Promise<string>
  /** Rewrites wordpress/wp-config-local.php (included by wp-config.php) with these constants only. */
  setConstants(constants: Record<string, string | number>): void
  /** What WordPress's debug.log holds so far. */
  debugLog(): Promise<string>
  stop(): Promise<void>
}

function phpString(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
}

/**
 * A real WordPress from scripts/start-wordpress.sh: MariaDB on loopback and Debian's WordPress in a
 * temp folder, PHP's built-in server, the loyaltykit plugin (this package's folder, symlinked) active,
 * users `admin` and `member`, the page /loyalty/ with the three shortcodes.
 */
export async function startWordPress(): Promise<WordPress> {
  phpBinary()
  const { stdout } = await run('bash', [join(SCRIPTS, 'start-wordpress.sh')], { encoding: 'utf8', timeout: 120_000 })
  const vars = Object.fromEntries([...stdout.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]))
  const dir = vars.WORDPRESS_DIR
  const url = vars.WORDPRESS_URL
  if (!dir || !url) throw new Error(`start-wordpress.sh printed no WORDPRESS_DIR/URL:\n${stdout}`)
  const site = join(dir, 'wordpress')
  let scripts = 0
  return {
    url,
    dir,
    admin: { user: vars.WORDPRESS_ADMIN_USER ?? '', password: vars.WORDPRESS_ADMIN_PASSWORD ?? '' },
    member: { user: vars.WORDPRESS_MEMBER_USER ?? '', password: vars.WORDPRESS_MEMBER_PASSWORD ?? '' },
    async php(code) {
      const file = join(dir, `eval-${++scripts}.php`)
      const host = new URL(url).host
      writeFileSync(
        file,
        `<?php\n$_SERVER['HTTP_HOST'] = '${host}';\n$_SERVER['REQUEST_URI'] = '/';\nrequire '${site}/wp-load.php';\n${code}\n`,
      )
      const out = await run('php', [file], { encoding: 'utf8', timeout: 30_000 })
      return out.stdout
    },
    setConstants(constants) {
      const lines = Object.entries(constants).map(([name, value]) => `define('${name}', ${phpString(value)});`)
      writeFileSync(join(site, 'wp-config-local.php'), `<?php\n${lines.join('\n')}\n`)
    },
    async debugLog() {
      const { stdout: log } = await run('bash', ['-c', `cat '${dir}/debug.log' 2>/dev/null || true`], {
        encoding: 'utf8',
      })
      return log
    },
    async stop() {
      await run('bash', [join(SCRIPTS, 'stop-wordpress.sh'), dir], { timeout: 30_000 })
    },
  }
}
